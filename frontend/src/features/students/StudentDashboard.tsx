/**
 * Student dashboard (spec §2): greeting, upcoming classes from real bookings, and links. The
 * prototype's hard-coded cards (hours studied, scores, streak) are left out until real data exists.
 */
import { paths } from '../../shared/paths';
import { DashboardShell, LinkCard } from '../../shared/ui/DashboardShell';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName, useMe, useSession, useSignOutToHome } from '../auth';
import { UpcomingClasses } from '../bookings';

const NAV = [
  { to: paths.home, label: 'Home' },
  { to: paths.browse(), label: 'Find Tutors' },
  { to: paths.myBookings, label: 'My Bookings' },
] as const;

export function StudentDashboard() {
  useDocumentTitle('Student Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>{name ? `Welcome, ${name}!` : 'Welcome!'}</h1>
      </div>
      <p className="muted">What would you like to learn today?</p>
      {profile?.adminRequest === 'pending' && (
        <p className="alert alert-info">
          Your request for admin access is recorded. A super admin will review it; until then you use the platform as
          a student.
        </p>
      )}
      <UpcomingClasses />
      <div className="grid dashboard-links">
        <LinkCard to={paths.browse()} title="Find a tutor" text="Book one-on-one sessions with verified tutors." />
        <LinkCard to={paths.aiLearning} title="AI Learning" text="Practise with quiz games in six subjects." />
        <LinkCard to={paths.courses} title="Courses" text="KCSE and JAMB prep, university and skills courses." />
      </div>
    </DashboardShell>
  );
}
