/**
 * Student dashboard (spec §2): greeting, study figures and recent scores from the student's saved
 * games and completed lessons (features/progress), upcoming classes from real bookings, courses
 * (the Enrolled Courses count and three available ones with Enroll, features/courses), the AI
 * study assistant and the AI subject grid, the focus timer, and links.
 */
import { Link } from 'react-router-dom';
import { QUIZ_SUBJECTS } from '@functions/ai/catalog';
import { paths } from '../../shared/paths';
import { DashboardShell, LinkCard } from '../../shared/ui/DashboardShell';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName, useMe, useSession, useSignOutToHome } from '../auth';
import { UpcomingClasses } from '../bookings';
import { StudentCourses } from '../courses';
import { FocusTimer, RecentScores, StudyStats } from '../progress';
import './students.css';

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
      <StudyStats />
      <div className="student-columns">
        <div className="student-column">
          <UpcomingClasses />
          <StudentCourses />
          <AiPractice />
        </div>
        <div className="student-column">
          <RecentScores />
          <FocusTimer />
        </div>
      </div>
      <div className="grid dashboard-links">
        <LinkCard to={paths.browse()} title="Find a tutor" text="Book one-on-one sessions with verified tutors." />
        <LinkCard to={paths.aiLearning} title="AI Learning" text="Practise with quiz games in six subjects." />
        <LinkCard to={paths.courses} title="Courses" text="KCSE and JAMB prep, university and skills courses." />
      </div>
    </DashboardShell>
  );
}

/** The AI Study Assistant card and the AI game subject grid (spec §2). */
function AiPractice() {
  return (
    <section className="card" aria-labelledby="ai-practice-title">
      <h2 id="ai-practice-title">Practise with AI</h2>
      <Link to={paths.aiStudyAssistant()} className="ai-assistant-card">
        <strong>AI Study Assistant</strong>
        <span className="muted">Homework help, explanations and practice questions, any time.</span>
      </Link>
      <h3 id="ai-games-title" className="ai-games-title">Quiz games</h3>
      <ul className="ai-subject-grid" aria-labelledby="ai-games-title">
        {QUIZ_SUBJECTS.map((subject) => (
          <li key={subject}>
            <Link to={paths.aiLearningSubject(subject)} className="ai-subject-link">
              {subject}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
