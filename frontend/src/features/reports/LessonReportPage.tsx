/**
 * /lesson-report/{bookingId} (tutors): the report of a completed lesson. The tutor may have it
 * drafted from a few words (the study assistant's model), edits it, saves it as a draft and
 * approves it: only then does the family see it. Editable for 48 hours after the lesson (the
 * server's editableUntil); after that it is shown read-only. A save from a stale copy (another
 * window saved first) is refused with 409 report_changed: the page offers to reload.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { Booking } from '@functions/bookings/contract';
import type { ReportView, TutorReport } from '@functions/reports/contract';
import { callApi } from '../../shared/api';
import { paths } from '../../shared/paths';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { viewerTimeZone } from '../../shared/slots';
import { sessionTime } from '../../shared/when';
import { bookingKeys } from '../bookings';
import { useSubjectName } from '../tutors';
import { lessonReportQuery } from './reports-api';
import { ReportForm } from './ReportForm';
import { reportState } from './report-form';
import { useReportsText } from './text';
import './reports.css';

export function LessonReportPage() {
  const { bookingId = '' } = useParams();
  const t = useReportsText();
  useDocumentTitle(t('title'));
  const booking = useQuery({
    queryKey: [...bookingKeys.all, 'one', bookingId],
    queryFn: ({ signal }) => callApi('getBooking', { params: { bookingId }, signal }),
    select: (data) => data.booking,
  });
  const report = useQuery(lessonReportQuery(bookingId));
  // Counts reloads after a refused save: the form then starts again from the stored copy.
  const [generation, setGeneration] = useState(0);
  const reload = () => void report.refetch().then(() => setGeneration((n) => n + 1));
  const both = {
    data: booking.data && report.data ? { booking: booking.data, view: report.data } : undefined,
    isPending: booking.isPending || report.isPending,
    isError: booking.isError || report.isError,
    isFetching: booking.isFetching || report.isFetching,
    refetch: () => Promise.all([booking.refetch(), report.refetch()]),
  };
  return (
    <DashboardShell>
      <div className="container narrow lesson-report-page">
        <QueryState query={both} loading={t('loading')} error={{ title: t('loadFailed'), heading: 'h1' }}>
          {({ booking: lesson, view }) => <ReportPageBody booking={lesson} view={view} generation={generation} onReload={reload} />}
        </QueryState>
        <p>
          {/* The tutor's lessons are on the dashboard's Bookings tab. */}
          <Link to={`${paths.tutorDashboard}?tab=bookings`}>{t('back')}</Link>
        </p>
      </div>
    </DashboardShell>
  );
}

function ReportPageBody({ booking, view, generation, onReload }: { booking: Booking; view: ReportView; generation: number; onReload: () => void }) {
  const t = useReportsText();
  const subject = useSubjectName()(booking.subject);
  const zone = useMemo(viewerTimeZone, []);
  const when = sessionTime(booking.scheduledAt, booking.durationMinutes, zone);
  const name = booking.learner?.firstName ?? `${booking.student.firstName} ${booking.student.lastName}`.trim();
  const heading = (
    <div className="dashboard-title">
      <h1>{t('heading', { subject })}</h1>
      <p className="muted">{t('lessonWith', { name, date: when.date, time: when.time })}</p>
    </div>
  );
  // Only the lesson's tutor writes its report (the family reads it in My Bookings).
  if (view.view !== 'tutor') {
    return <StateCard title={t('title')} text={t('loadFailed')} heading="h1" />;
  }
  if (!view.lessonCompleted) {
    return (
      <>
        {heading}
        <p className="alert alert-info">{t('notCompleted')}</p>
      </>
    );
  }
  const until = sessionTime(view.editableUntil, 0, zone);
  return (
    <>
      {heading}
      <ReportStatusLine report={view.report} zone={zone} />
      <HomeworkDoneLine report={view.report} zone={zone} />
      <p className={view.canEdit ? 'muted' : 'alert alert-warn'}>
        {view.canEdit ? t('editableUntil', { date: until.date, time: until.start }) : t('locked')}
      </p>
      <ReportForm
        key={generation}
        bookingId={booking.id}
        subject={booking.subject}
        report={view.report}
        canEdit={view.canEdit}
        onReload={onReload}
      />
    </>
  );
}

function ReportStatusLine({ report, zone }: { report: TutorReport | null; zone: string }) {
  const t = useReportsText();
  const state = reportState(report);
  if (state === 'sent' || state === 'changed') {
    const at = sessionTime(report!.approved!.approvedAt, 0, zone);
    return (
      <p className="report-status" role="status">
        {state === 'sent' ? t('status.sent', { date: at.date, time: at.start }) : t('status.changed')}
      </p>
    );
  }
  return <p className="report-status" role="status">{t(state === 'none' ? 'status.none' : 'status.draft')}</p>;
}

/** Whether the family marked the sent homework done (and the photo of the work they added). */
function HomeworkDoneLine({ report, zone }: { report: TutorReport | null; zone: string }) {
  const t = useReportsText();
  if (!report?.approved?.fields.homework) return null;
  const done = report.homeworkDone;
  if (!done) return <p className="muted homework-state" data-testid="homework-state">{t('tutor.homeworkOpen')}</p>;
  return (
    <p className="homework-state" data-testid="homework-state">
      <span className="status-badge tone-success">{t('homework.done')}</span>{' '}
      {t('tutor.homeworkDone', { date: sessionTime(done.doneAt, 0, zone).date })}{' '}
      {done.photoUrl && <a href={done.photoUrl} target="_blank" rel="noreferrer">{t('tutor.photo')}</a>}
    </p>
  );
}
