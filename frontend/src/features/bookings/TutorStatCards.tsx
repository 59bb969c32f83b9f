/**
 * The tutor dashboard's five stat cards, above the tabs on every visit: apart from the
 * tabs so the dashboard's first load carries none of the tabs' code.
 */
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TutorStats } from '@functions/bookings/contract';
import { formatMoney, ksh } from '../../shared/format';
import { useScrollHint } from '../../shared/ui/scroll-hint';
import { successRate } from './booking-status';
import { tutorStatsQuery } from './bookings-api';
import { useBookingsText } from './text';
import './bookings.css';

export function TutorStatCards() {
  const t = useBookingsText();
  const query = useQuery(tutorStatsQuery());
  const s = query.data;
  const value = (text: (stats: TutorStats) => string) => (s ? text(s) : query.isError ? '—' : '…');
  const row = useRef<HTMLDivElement>(null);
  useScrollHint(row, s);
  return (
    // On a phone the row scrolls sideways: a named region in the Tab order lets the keyboard scroll it.
    <div ref={row} className="stat-cards-scroll" role="region" tabIndex={0} aria-label={t('tutor.figures')}>
      <dl className="stat-cards" aria-busy={query.isPending || undefined}>
        <Stat label={t('tutor.totalEarnings')} value={value((x) => ksh(x.totalEarnings))} />
        <Stat label={t('tutor.thisMonth')} value={value((x) => ksh(x.monthlyEarnings))} />
        <Stat label={t('tutor.totalSessions')} value={value((x) => formatMoney(x.totalSessions))} />
        <Stat label={t('tutor.upcoming')} value={value((x) => formatMoney(x.upcomingSessions))} />
        <Stat label={t('tutor.successRate')} value={value((x) => successRate(x, t))} />
      </dl>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="card stat-card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
