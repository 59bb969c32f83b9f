/** Admin dashboard shell (spec §2): the KYC, users and analytics tabs come in a later milestone. */
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName } from '../auth/access';
import { useSession, useSignOutToHome } from '../auth/session';
import { useMe } from '../auth/useMe';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/super-admin-dashboard', label: 'Overview' },
] as const;

export function AdminDashboard() {
  useDocumentTitle('Admin Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>Admin Dashboard</h1>
        <span className="badge badge-admin">Super Admin</span>
      </div>
      {name && <p className="muted">Signed in as {name}</p>}
    </DashboardShell>
  );
}
