/**
 * /weekly-reports/{learnerId}/{week}: a learner's week (the Sunday e-mail links here): lessons
 * held with their topics, homework due, quiz games, courses, next week's lessons, with links to
 * the weeks either side. The server decides who may read it (404 for anyone else's learner).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { WeeklyReport } from '@functions/weeklyreports/contract';
import { callApi } from '../../shared/api';
import { paths } from '../../shared/paths';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { viewerTimeZone } from '../../shared/slots';
import { dateFormat, sessionTime } from '../../shared/when';

/** "2026-11-23" → "Mon 23 Nov 2026" in the reader's language (a calendar day: no time zone shift). */
const calendarDay = (day: string) =>
  dateFormat({ timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`)).replace(',', '');
import { useSubjectName } from '../tutors';
import { useWeeklyReportsText } from './text';
import './weeklyreports.css';

export function WeeklyReportPage() {
  const { learnerId = '', week = '' } = useParams();
  const t = useWeeklyReportsText();
  useDocumentTitle(t('title'));
  const query = useQuery({
    queryKey: ['weeklyreports', learnerId, week],
    queryFn: ({ signal }) => callApi('getWeeklyReport', { params: { learnerId, week }, signal }),
  });
  return (
    <DashboardShell>
      <div className="container narrow weekly-report-page">
        <QueryState query={query} loading={t('loading')} error={{ title: t('loadFailed'), heading: 'h1' }}>
          {(data) => (
            <>
              <div className="dashboard-title">
                <h1>{t('heading', { name: data.learner.firstName })}</h1>
                <p className="muted">{t('range', { monday: calendarDay(data.monday), sunday: calendarDay(data.sunday) })}</p>
              </div>
              <nav className="weekly-report-weeks" aria-label={t('title')}>
                <Link to={paths.weeklyReport(learnerId, data.previousWeek)}>{t('previous')}</Link>
                {data.nextWeek ? <Link to={paths.weeklyReport(learnerId, data.nextWeek)}>{t('next')}</Link> : null}
              </nav>
              {data.report ? <WeekBody report={data.report} /> : <p className="card weekly-report-empty">{t('empty')}</p>}
            </>
          )}
        </QueryState>
        <p><Link to={paths.myBookings}>{t('back')}</Link></p>
      </div>
    </DashboardShell>
  );
}

function WeekBody({ report }: { report: WeeklyReport }) {
  const t = useWeeklyReportsText();
  const subjectName = useSubjectName();
  const zone = useMemo(viewerTimeZone, []);
  const when = (iso: string, minutes: number) => {
    const at = sessionTime(iso, minutes, zone);
    return `${at.date}, ${at.time}`;
  };
  return (
    <>
      {report.lessons.length ? (
        <section className="card">
          <h2>{t('lessons')}</h2>
          <ul>
            {report.lessons.map((lesson) => (
              <li key={lesson.bookingId}>
                <strong>{subjectName(lesson.subject)}</strong> · {when(lesson.scheduledAt, lesson.durationMinutes)}
                <br />
                <span className="muted">{lesson.topics.length ? t('topics', { topics: lesson.topics.join(', ') }) : t('noTopics')}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.homework.length ? (
        <section className="card">
          <h2>{t('homework')}</h2>
          <ul>
            {report.homework.map((work) => (
              <li key={work.bookingId}>
                <strong>{subjectName(work.subject)}</strong>: {work.text} <span className="muted">({t('due', { date: calendarDay(work.dueDate) })})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card">
        <h2>{t('games')}</h2>
        {report.games.averagePercent === null ? <p>{t('noGames')}</p> : (
          <>
            <p>{t('gamesSummary', { played: report.games.played, average: report.games.averagePercent })}</p>
            <ul>
              {report.games.bySubject.map((row) => (
                <li key={row.subject}>{t('subjectScore', { subject: subjectName(row.subject), played: row.played, average: row.averagePercent })}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      {report.courses.length ? (
        <section className="card">
          <h2>{t('courses')}</h2>
          <ul>{report.courses.map((course) => <li key={course.courseId}>{course.title}: {course.percent}%</li>)}</ul>
        </section>
      ) : null}
      <section className="card">
        <h2>{t('nextWeek')}</h2>
        {report.nextWeek.length ? (
          <ul>
            {report.nextWeek.map((lesson) => (
              <li key={lesson.bookingId}><strong>{subjectName(lesson.subject)}</strong> · {when(lesson.scheduledAt, lesson.durationMinutes)}</li>
            ))}
          </ul>
        ) : <p>{t('noNextWeek')}</p>}
      </section>
    </>
  );
}
