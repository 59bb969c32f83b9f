/**
 * One child's learning at a glance, for a card on the parent dashboard: streak, the last five
 * quiz scores, courses in progress and certificates. Compact lists that wrap on a 390 px phone.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { LearnerProgress } from '@functions/progress/contract';
import { paths } from '../../shared/paths';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { dateFormat } from '../../shared/when';
import { useSubjectName } from '../tutors';
import { learnerProgressQuery } from './progress-summary-api';
import { useHouseholdsText } from './text';
import './households.css';

const isEmpty = (p: LearnerProgress) =>
  p.recentScores.length === 0 && p.coursesInProgress.length === 0 && p.certificates.length === 0 && p.streakDays === 0;

export function LearnerProgressSummary({ learnerId }: { learnerId: string }) {
  const t = useHouseholdsText();
  const query = useQuery(learnerProgressQuery(learnerId));
  return (
    <div className="learner-progress">
      <QueryState
        query={query}
        loading={<InlineLoading label={t('progress.loading')} />}
        error={{ title: t('progress.loadError'), look: 'inline' }}
        empty={{ when: isEmpty, show: <p className="muted learner-progress-empty">{t('progress.empty')}</p> }}
      >
        {(progress) => <Summary progress={progress} />}
      </QueryState>
    </div>
  );
}

function Summary({ progress }: { progress: LearnerProgress }) {
  const t = useHouseholdsText();
  const subjectName = useSubjectName();
  // Made on each render (cheap), so a language switch changes the dates too.
  const day = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <>
      <p className="learner-progress-streak">{t('progress.streak', { count: progress.streakDays })}</p>
      {progress.recentScores.length > 0 && (
        <section aria-label={t('progress.scores')}>
          <h4>{t('progress.scores')}</h4>
          <ul role="list" className="learner-progress-list">
            {progress.recentScores.map((score) => (
              <li key={score.gameId}>
                <span>{subjectName(score.subject)}</span>
                <strong>{t('progress.percent', { percent: score.percent })}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
      {progress.coursesInProgress.length > 0 && (
        <section aria-label={t('progress.courses')}>
          <h4>{t('progress.courses')}</h4>
          <ul role="list" className="learner-progress-list">
            {progress.coursesInProgress.map((course) => (
              <li key={course.courseId}>
                <Link to={paths.course(course.courseId)}>{course.title}</Link>
                <strong>{t('progress.percent', { percent: course.percent })}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
      {progress.certificates.length > 0 && (
        <section aria-label={t('progress.certificates')}>
          <h4>{t('progress.certificates')}</h4>
          <ul role="list" className="learner-progress-list">
            {progress.certificates.map((cert) => (
              <li key={cert.code}>
                <Link to={paths.certificate(cert.code)}>{cert.courseTitle}</Link>
                <span className="muted">
                  {cert.status === 'revoked' ? t('progress.revoked') : day.format(new Date(cert.issuedAt))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export default LearnerProgressSummary;
