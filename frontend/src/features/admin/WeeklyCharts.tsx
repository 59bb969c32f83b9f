/**
 * Platform analytics over the last 8 weeks as small multiples (sign-ups, bookings, revenue each
 * on its own scale) in plain inline SVG — no chart library — plus the same figures as a table.
 */
import { useId } from 'react';
import type { AdminStats } from '@functions/admin/contract';
import { compactNumber, formatMoney, ksh } from '../../shared/format';
import { scaleSeries, weekLabel } from './admin-rules';
import { useDashboardText } from './dashboard-text';

type Week = AdminStats['weekly'][number];

const SERIES = [
  { key: 'signUps', colour: 'var(--brand)', integer: true },
  { key: 'bookings', colour: 'var(--accent-dark)', integer: true },
  { key: 'revenue', colour: '#4f46e5', integer: false },
] as const;

const W = 320;
const H = 150;
const LEFT = 38;
const RIGHT = 22; // room for the latest week's centred label
const TOP = 20;
const BOTTOM = 24;
const PLOT_W = W - LEFT - RIGHT;
const PLOT_H = H - TOP - BOTTOM;

export function WeeklyCharts({ weekly }: { weekly: readonly Week[] }) {
  const t = useDashboardText();
  const tableId = useId();
  return (
    <div className="weekly">
      <div className="weekly-charts">
        {SERIES.map((series) => (
          <BarChart key={series.key} weekly={weekly} series={series} tableId={tableId} />
        ))}
      </div>
      {/* It scrolls sideways on a phone: a named, focusable region lets the keyboard scroll it. */}
      <div className="table-wrap" role="region" tabIndex={0} aria-labelledby={`${tableId}-caption`}>
        <table className="weekly-table" id={tableId}>
          <caption id={`${tableId}-caption`}>{t('weekly.caption', { weeks: weekly.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('weekly.weekOf')}</th>
              <th scope="col">{t('weekly.signUps')}</th>
              <th scope="col">{t('weekly.bookings')}</th>
              <th scope="col">{t('weekly.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {weekly.map((w) => (
              <tr key={w.week}>
                <th scope="row">{weekLabel(w.week)}</th>
                <td className="num">{w.signUps}</td>
                <td className="num">{w.bookings}</td>
                {/* The currency is in the column's heading: a six-figure week still fits a phone's width. */}
                <td className="num">{formatMoney(w.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function BarChart({ weekly, series, tableId }: { weekly: readonly Week[]; series: (typeof SERIES)[number]; tableId: string }) {
  const t = useDashboardText();
  const id = useId();
  const values = weekly.map((w) => w[series.key]);
  const { top, heights, ticks } = scaleSeries(values, PLOT_H, { integer: series.integer });
  const slot = PLOT_W / Math.max(1, values.length);
  const barW = Math.min(24, slot * 0.62);
  const total = values.reduce((sum, v) => sum + v, 0);
  const best = values.indexOf(Math.max(...values));
  const weeks = values.length;
  const summary =
    total === 0
      ? t(`chart.${series.key}.none`, { weeks })
      : t('chart.summary', {
          total: series.key === 'revenue' ? ksh(total) : t(`chart.${series.key}.total`, { total }),
          weeks,
          week: weekLabel(weekly[best]!.week),
        });

  return (
    <figure className="weekly-chart">
      <figcaption id={`${id}-title`}>{t(`chart.${series.key}.title`)}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} aria-details={tableId}>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => {
          const y = TOP + PLOT_H - (tick / top) * PLOT_H;
          return (
            <g key={tick} className="weekly-grid">
              <line x1={LEFT} x2={W - RIGHT} y1={y} y2={y} />
              <text x={LEFT - 4} y={y + 5} textAnchor="end">
                {compactNumber(tick)}
              </text>
            </g>
          );
        })}
        {total === 0 && (
          <text x={LEFT + PLOT_W / 2} y={TOP + PLOT_H / 2} textAnchor="middle" className="weekly-empty">
            {t('chart.empty')}
          </text>
        )}
        {values.map((value, i) => {
          const x = LEFT + slot * i + (slot - barW) / 2;
          const h = heights[i] ?? 0;
          return (
            <g key={weekly[i]!.week}>
              <rect x={x} y={TOP + PLOT_H - h} width={barW} height={h} rx={2} fill={series.colour} />
              {value > 0 && (
                <text x={x + barW / 2} y={TOP + PLOT_H - h - 3} textAnchor="middle" className="weekly-value">
                  {compactNumber(value)}
                </text>
              )}
              {/* Every other week, ending with the latest: readable labels need two bars' width. */}
              {(values.length - 1 - i) % 2 === 0 && (
                <text x={x + barW / 2} y={H - 6} textAnchor="middle" className="weekly-week">
                  {weekLabel(weekly[i]!.week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
