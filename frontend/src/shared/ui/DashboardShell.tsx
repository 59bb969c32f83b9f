/** The signed-in pages' frame: the one site header and the dashboard's main area. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { PageShell } from './PageShell';
import { SiteHeader } from './SiteHeader';
import { useUiText } from './text';

/**
 * Account matters (Phone number, Privacy & data) sit under the page, not in the header: the header keeps the
 * few links a person uses every visit.
 */
export function DashboardShell({ children }: { children: ReactNode }) {
  const t = useUiText();
  return (
    <PageShell className="dashboard" header={<SiteHeader />}>
      <div className="container">
        {children}
        <nav className="dashboard-footer" aria-label={t('nav.account')}>
          <Link to={paths.accountPhone} className="link-button">{t('nav.phone')}</Link>
          <Link to={paths.accountNotifications} className="link-button">{t('nav.notifications')}</Link>
          <Link to={paths.accountPrivacy} className="link-button">{t('nav.privacy')}</Link>
        </nav>
      </div>
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
