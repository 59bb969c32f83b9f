/** Header + main area shared by the dashboards. Navigation is links; Sign Out is a button. */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from './Button';
import { Logo } from './Icon';

export interface NavItem {
  to: string;
  label: string;
}

interface DashboardShellProps {
  nav: readonly NavItem[];
  onSignOut: () => Promise<void>;
  children: ReactNode;
}

export function DashboardShell({ nav, onSignOut, children }: DashboardShellProps) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="brand">
            <Logo />
            <span>Africa's Learning Platform</span>
          </Link>
          <nav className="header-nav" aria-label="Dashboard">
            {nav.map((item) => (
              <Link key={item.to} to={item.to} className={`${buttonClass('ghost', 'sm')}${item.to === '/' ? ' nav-home' : ''}`}>
                {item.label}
              </Link>
            ))}
            <Button
              size="sm"
              variant="secondary"
              busy={signingOut}
              onClick={() => {
                setSigningOut(true);
                void onSignOut().finally(() => setSigningOut(false));
              }}
            >
              Sign Out
            </Button>
          </nav>
        </div>
      </header>
      <main id="main" className="dashboard">
        <div className="container">{children}</div>
      </main>
    </>
  );
}

/** A dashboard tile that links somewhere. */
export function LinkCard({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <Link to={to} className="card link-card">
      <strong>{title}</strong>
      <span className="muted">{text}</span>
    </Link>
  );
}
