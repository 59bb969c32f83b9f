/**
 * The parent dashboard (/parent-dashboard, where /dashboard sends a parent): the household's
 * spending this month and one card per child (next lessons on the viewer's clock, lessons
 * completed this month, progress); a card opens the child's lessons in My Bookings. One call:
 * GET /api/me/household. Without children, a prompt to add the first one.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { learnerLevel } from '@functions/households/grades-catalog';
import { useActiveLanguage } from '../../shared/i18n/text';
import { kshMinor, zoneName } from '../../shared/format';
import { paths } from '../../shared/paths';
import { weekOf } from '@functions/weeklyreports/week-catalog';
import { viewerTimeZone } from '../../shared/slots';
import { buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { sessionTime } from '../../shared/when';
import { LearnerLessonsOnCard } from '../reports';
import { useSubjectName } from '../tutors';
import { householdSummaryQuery } from './households-api';
import { LearnerProgressSummary } from './LearnerProgressSummary';
import { useHouseholdsText } from './text';
import './households.css';

export function ParentDashboard() {
  const t = useHouseholdsText();
  useDocumentTitle(t('dashboard.title'));
  const query = useQuery(householdSummaryQuery());
  const zone = useMemo(viewerTimeZone, []);
  const language = useActiveLanguage();
  const subjectName = useSubjectName();

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('dashboard.title')}</h1>
      </div>
      <QueryState
        query={query}
        loading={t('dashboard.loading')}
        error={{ title: t('dashboard.loadError') }}
        empty={{
          when: (summary) => summary.learners.length === 0,
          show: (
            <StateCard title={t('dashboard.noChildren.title')} text={t('dashboard.noChildren.text')}>
              <Link to={paths.myChildren} className={buttonClass('primary')}>{t('dashboard.noChildren.action')}</Link>
            </StateCard>
          ),
        }}
      >
        {(summary) => (
          <>
            <section className="card household-spending" aria-labelledby="household-spending-title">
              <h2 id="household-spending-title">{t('dashboard.spending')}</h2>
              <p className="household-spending-total num" data-testid="household-spending">{kshMinor(summary.spending.netMinor)}</p>
              {summary.spending.refundedMinor > 0 && (
                <p className="muted">
                  {t('dashboard.spendingRefunds', { paid: kshMinor(summary.spending.paidMinor), refunded: kshMinor(summary.spending.refundedMinor) })}
                </p>
              )}
            </section>
            <p className="muted">{t('dashboard.zone', { zone: zoneName(zone) })}</p>
            <ul role="list" className="learner-cards">
              {summary.learners.map(({ learner, upcoming, upcomingCount, completedThisMonth }) => {
                const titleId = `learner-card-${learner.id}`;
                return (
                  <li key={learner.id}>
                    <article className="card learner-card" aria-labelledby={titleId} data-testid="learner-card">
                      <h2 id={titleId}>{learner.firstName}</h2>
                      <p className="muted">{learnerLevel(learner.grade, learner.curriculum, language)}</p>
                      <h3>{t('dashboard.upcoming')}</h3>
                      {upcoming.length === 0 ? (
                        <p className="muted">{t('dashboard.noUpcoming')}</p>
                      ) : (
                        <ul role="list" className="learner-lessons">
                          {upcoming.map((lesson) => {
                            const when = sessionTime(lesson.scheduledAt, lesson.durationMinutes, zone);
                            return (
                              <li key={lesson.bookingId}>
                                <strong>{t('dashboard.lesson', { subject: subjectName(lesson.subject), tutor: lesson.tutorName })}</strong>
                                <br />
                                <span className="muted">{when.date} · {when.time}</span>
                              </li>
                            );
                          })}
                        </ul>
                      )}
                      {upcomingCount > upcoming.length && <p className="muted">{t('dashboard.more', { count: upcomingCount - upcoming.length })}</p>}
                      <p>{t('dashboard.completed', { count: completedThisMonth })}</p>
                      <LearnerProgressSummary learnerId={learner.id} />
                      <LearnerLessonsOnCard learnerId={learner.id} />
                      <div className="learner-card-actions">
                        <Link to={`${paths.myBookings}?learner=${encodeURIComponent(learner.id)}`} className={buttonClass('secondary', 'sm')}>
                          {t('dashboard.open', { name: learner.firstName })}
                        </Link>
                        <Link to={paths.weeklyReport(learner.id, weekOf(new Date()))} className={buttonClass('secondary', 'sm')}>
                          {t('dashboard.weeklyReport', { name: learner.firstName })}
                        </Link>
                        <Link to={paths.progressSubjects(learner.id)} className={buttonClass('secondary', 'sm')}>
                          {t('dashboard.subjects', { name: learner.firstName })}
                        </Link>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
            <Link to={paths.browse()} className={buttonClass('primary')}>{t('dashboard.book')}</Link>
          </>
        )}
      </QueryState>
    </DashboardShell>
  );
}
