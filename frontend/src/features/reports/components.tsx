/**
 * Lesson reports on the booking cards: the tutor's line (Write report / Edit report / Report
 * sent, linking to the form) and the family's approved report, folded in a disclosure so a
 * phone's list stays short. The private note never reaches the family: the API leaves it out.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { FamilyReport } from '@functions/reports/contract';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { viewerTimeZone } from '../../shared/slots';
import { dateFormat, sessionTime } from '../../shared/when';
import { lessonReportQuery } from './reports-api';
import { reportState } from './report-form';
import { useReportsText } from './text';
import './reports.css';

/** A completed lesson's report line on its tutor's booking card. */
export function ReportCardLink({ bookingId, describedBy }: { bookingId: string; describedBy: string }) {
  const t = useReportsText();
  const query = useQuery(lessonReportQuery(bookingId));
  if (query.isPending) return null;
  const link = (label: string) => (
    <Link to={paths.lessonReport(bookingId)} className={buttonClass('secondary', 'sm')} aria-describedby={describedBy}>
      {label}
    </Link>
  );
  // Could not read it: the form says why (and retries).
  if (query.data?.view !== 'tutor') return query.isError ? <p className="report-link">{link(t('card.view'))}</p> : null;
  const { report, canEdit } = query.data;
  const state = reportState(report);
  if (state === 'none') return canEdit ? <p className="report-link">{link(t('card.write'))}</p> : null;
  const sent = state === 'sent' || state === 'changed';
  return (
    <p className="report-link">
      <span className={`status-badge tone-${sent ? 'success' : 'pending'}`}>{t(sent ? 'card.sent' : 'card.notSent')}</span>
      {link(t(canEdit ? 'card.edit' : 'card.view'))}
    </p>
  );
}

/**
 * A completed lesson's report on a My Bookings card: the family's approved one (nothing before
 * the tutor approves), or, for the lesson's tutor, their report line.
 */
export function LessonReportOnCard({ bookingId, describedBy }: { bookingId: string; describedBy: string }) {
  const query = useQuery({ ...lessonReportQuery(bookingId), retry: false });
  if (query.data?.view === 'tutor') return <ReportCardLink bookingId={bookingId} describedBy={describedBy} />;
  if (query.data?.view !== 'family' || !query.data.report) return null;
  return <FamilyReportDetails report={query.data.report} />;
}

function FamilyReportDetails({ report }: { report: FamilyReport }) {
  const t = useReportsText();
  const zone = useMemo(viewerTimeZone, []);
  const { fields } = report;
  return (
    <details className="family-report">
      <summary>{t('family.title')}</summary>
      <dl>
        {fields.topics.length > 0 && (
          <>
            <dt>{t('family.topics')}</dt>
            <dd>
              <ul>
                {fields.topics.map((topic) => <li key={topic}>{topic}</li>)}
              </ul>
            </dd>
          </>
        )}
        {fields.performance && (
          <>
            <dt>{t('family.performance')}</dt>
            <dd>{t(`performance.${fields.performance}`)}</dd>
          </>
        )}
        {fields.homework && (
          <>
            <dt>{t('family.homework')}</dt>
            <dd>
              {fields.homework.text}
              {fields.homework.dueDate && <span className="family-report-due"> ({t('family.due', { date: dueDate(fields.homework.dueDate) })})</span>}
            </dd>
          </>
        )}
        {fields.nextSteps && (
          <>
            <dt>{t('family.nextSteps')}</dt>
            <dd>{fields.nextSteps}</dd>
          </>
        )}
      </dl>
      <p className="muted">{t('family.sent', { date: sessionTime(report.approvedAt, 0, zone).date })}</p>
    </details>
  );
}

/** "2026-12-05" → "Sat 5 Dec 2026" in the reader's language (a calendar day: no time zone shift). */
const dueDate = (day: string) =>
  dateFormat({ timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`)).replace(',', '');

/** The way from a finished live lesson to its report (the tutor's page once the class has ended). */
export function WriteReportAfterLesson({ bookingId }: { bookingId: string }) {
  const t = useReportsText();
  return (
    <div className="report-after-lesson">
      <p>{t('live.hint')}</p>
      <Link to={paths.lessonReport(bookingId)} className={buttonClass('primary')}>
        {t('live.write')}
      </Link>
    </div>
  );
}
