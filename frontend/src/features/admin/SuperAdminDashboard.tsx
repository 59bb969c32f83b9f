/** Super admin dashboard shell (spec §2); cards and tables come in a later milestone. */
import { DashboardShell, LinkCard } from '../../shared/ui/DashboardShell';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName } from '../auth/access';
import { useSession, useSignOutToHome } from '../auth/session';
import { useMe } from '../auth/useMe';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/admin-dashboard', label: 'Admin Dashboard' },
] as const;

export function SuperAdminDashboard() {
  useDocumentTitle('Super Admin Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>Super Admin Dashboard</h1>
      </div>
      {name && <p className="muted">Welcome, {name}</p>}
      <div className="grid">
        <LinkCard to="/admin-dashboard" title="KYC and users" text="Review tutor documents and see user accounts." />
      </div>
    </DashboardShell>
  );
}
