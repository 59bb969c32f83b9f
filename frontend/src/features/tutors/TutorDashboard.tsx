/** Tutor dashboard shell (spec §2): greeting, navigation and the KYC banner. */
import { DashboardShell, LinkCard } from '../../shared/ui/DashboardShell';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName } from '../auth/access';
import { useSession, useSignOutToHome } from '../auth/session';
import { useMe } from '../auth/useMe';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/browse-tutors', label: 'Browse Tutors' },
  { to: '/tutor-availability', label: 'Availability' },
] as const;

const KYC_LABELS = { pending: 'Pending review', rejected: 'Action required', approved: 'Approved' } as const;

export function TutorDashboard() {
  useDocumentTitle('Tutor Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);
  const kycStatus = profile?.kycStatus ?? 'pending';

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
        <span className="badge">Tutor</span>
      </div>
      {kycStatus !== 'approved' && (
        <section className="alert alert-warn kyc-banner" aria-labelledby="kyc-banner-title">
          <h2 id="kyc-banner-title">Complete KYC Verification</h2>
          <p>
            Verify your identity before you can teach and receive payments. Verification status:{' '}
            <strong>{KYC_LABELS[kycStatus]}</strong>.
          </p>
        </section>
      )}
      <div className="grid">
        <LinkCard to="/tutor-availability" title="Availability" text="Set the weekly hours students can book." />
        <LinkCard to="/browse-tutors" title="Browse Tutors" text="See how your profile appears to students." />
      </div>
    </DashboardShell>
  );
}
