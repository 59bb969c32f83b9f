/**
 * Student dashboard: greeting, study figures and recent scores from the student's saved
 * games and completed lessons (features/progress), upcoming classes from real bookings, courses
 * (the Enrolled Courses count and three available ones with Enroll, features/courses), the AI
 * study assistant and the AI subject grid, the focus timer, and links.
 */
import { Link } from 'react-router-dom';
import { QUIZ_SUBJECTS } from '@functions/ai/catalog';
import { paths } from '../../shared/paths';
import { DashboardShell, LinkCard } from '../../shared/ui/DashboardShell';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName, useMe, useSession } from '../auth';
import { UpcomingClasses } from '../bookings';
import { FamilyNotice } from '../households';
import { StudentCourses } from '../courses';
import { FocusTimer, RecentScores, StudyStats } from '../progress';
import { LearnerLessonsOnCard } from '../reports';
import { useSubjectName } from '../tutors';
import { useStudentsText } from './text';
import './students.css';

export function StudentDashboard() {
  const t = useStudentsText();
  useDocumentTitle(t('title'));
  const { session } = useSession();
  const { profile } = useMe();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{name ? t('welcomeName', { name }) : t('welcome')}</h1>
      </div>
      <p className="muted">{t('lead')}</p>
      {profile?.adminRequest === 'pending' && (
        <p className="alert alert-info">{t('adminPending')}</p>
      )}
      <FamilyNotice />
      <StudyStats />
      <div className="student-columns">
        <div className="student-column">
          <UpcomingClasses />
          <StudentCourses />
          <AiPractice />
        </div>
        <div className="student-column">
          <RecentScores />
          <section className="card">
            <LearnerLessonsOnCard />
          </section>
          <FocusTimer />
        </div>
      </div>
      <div className="grid dashboard-links">
        <LinkCard to={paths.browse()} title={t('link.tutor.title')} text={t('link.tutor.text')} />
        <LinkCard to={paths.aiLearning} title={t('link.ai.title')} text={t('link.ai.text')} />
        <LinkCard to={paths.courses} title={t('link.courses.title')} text={t('link.courses.text')} />
      </div>
    </DashboardShell>
  );
}

/** The AI Study Assistant card and the AI game subject grid. */
function AiPractice() {
  const t = useStudentsText();
  const subjectName = useSubjectName();
  return (
    <section className="card" aria-labelledby="ai-practice-title">
      <h2 id="ai-practice-title">{t('ai.title')}</h2>
      <Link to={paths.aiStudyAssistant()} className="ai-assistant-card">
        <strong>{t('ai.assistant')}</strong>
        <span className="muted">{t('ai.assistantText')}</span>
      </Link>
      <h3 id="ai-games-title" className="ai-games-title">{t('ai.games')}</h3>
      <ul className="ai-subject-grid" aria-labelledby="ai-games-title">
        {QUIZ_SUBJECTS.map((subject) => (
          <li key={subject}>
            <Link to={paths.aiLearningSubject(subject)} className="ai-subject-link">
              {subjectName(subject)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
