/** The signed-in pages' frame: the one site header and the dashboard's main area. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageShell } from './PageShell';
import { SiteHeader } from './SiteHeader';

export function DashboardShell({ children }: { children: ReactNode }) {
  return (
    <PageShell className="dashboard" header={<SiteHeader />}>
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
