/** Header + main area shared by the dashboards. Navigation is links; Sign Out is a button. */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { Button, buttonClass } from './Button';
import { PageShell } from './PageShell';
import { SiteHeader } from './SiteHeader';
import { useUiText } from './text';

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
  const t = useUiText();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <PageShell
      className="dashboard"
      header={
        <SiteHeader navLabel={t('dashboard.nav')}>
          {nav.map((item) => (
            <Link key={item.to} to={item.to} className={`${buttonClass('ghost', 'sm')}${item.to === paths.home ? ' nav-home' : ''}`}>
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
            {t('dashboard.signOut')}
          </Button>
        </SiteHeader>
      }
    >
      <div className="container">{children}</div>
    </PageShell>
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
