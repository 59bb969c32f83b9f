/**
 * The tutor's own share of lessons reported within a day, on their Bookings tab: a nudge the
 * tutor sees, never a public ranking (browse does not use it).
 */
import { useQuery } from '@tanstack/react-query';
import { reportShareQuery } from './reports-api';
import { useReportsText } from './text';
import './reports.css';

export function ReportShareLine() {
  const t = useReportsText();
  const query = useQuery(reportShareQuery());
  // A figure that could not load is left out: the bookings below are what the tab is for.
  if (!query.data) return null;
  const { due, onTime, percent } = query.data;
  return (
    <p className="report-share">
      <strong>{percent === null ? t('share.none') : t('share.figure', { onTime, due, percent })}</strong>
      <span className="muted">{t('share.hint')}</span>
    </p>
  );
}
