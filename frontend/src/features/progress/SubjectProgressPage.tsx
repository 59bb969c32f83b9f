/**
 * /progress/subjects (?learner= for a parent's child): one card per subject over the last weeks —
 * a small inline SVG of the weekly quiz score (broken where a week had no games) over bars of the
 * lessons held, the trend in words, homework done of due, the reports' topics with their dates,
 * and the weeks in a table for readers who do not see the chart. The server decides whose figures.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { SubjectProgress } from '@functions/progress/contract';
import { callApi } from '../../shared/api';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { dateFormat } from '../../shared/when';
import { scopeKey, useLearnerFirstName } from '../households';
import { useSubjectName } from '../tutors';
import { progressKeys } from './keys';
import { barsBottom, CHART, lessonBars, scoreRuns, scoreTrend, scoreY } from './subject-chart';
import { useProgressText, type ProgressText } from './text';
import './progress.css';

type Subject = SubjectProgress['subjects'][number];

/** "2026-11-23" → "23 Nov" in the reader's language (a calendar day: no zone shift). */
const useDayLabel = () => {
  const format = dateFormat({ timeZone: 'UTC', day: 'numeric', month: 'short' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
};

export function SubjectProgressPage() {
  const t = useProgressText();
  const [params] = useSearchParams();
  const learnerId = params.get('learner') ?? undefined;
  const name = useLearnerFirstName(learnerId);
  const title = name ? t('subjects.titleOf', { name }) : t('subjects.title');
  useDocumentTitle(title);
  const query = useQuery({
    queryKey: progressKeys.subjects(scopeKey(learnerId)),
    queryFn: ({ signal }) => callApi('getSubjectProgress', { query: { learnerId }, signal }),
  });
  return (
    <DashboardShell>
      <div className="container narrow subject-progress-page">
        <h1>{title}</h1>
        <QueryState
          query={query}
          loading={t('subjects.loading')}
          error={{ title: t('subjects.loadFailed'), heading: 'h2' }}
          empty={{
            when: (data) => data.subjects.length === 0,
            show: (
              <StateCard title={t('subjects.emptyTitle')} text={t('subjects.empty', { weeks: query.data?.weeks.length ?? 0 })}>
                <Link to={paths.aiLearning} className={buttonClass('primary', 'sm')}>{t('scores.start')}</Link>
              </StateCard>
            ),
          }}
        >
          {(data) => (
            <>
              <p className="muted">{t('subjects.intro', { weeks: data.weeks.length })}</p>
              <ul role="list" className="subject-progress-list">
                {data.subjects.map((subject) => <li key={subject.subject}><SubjectCard subject={subject} /></li>)}
              </ul>
            </>
          )}
        </QueryState>
        <p><Link to={learnerId ? paths.parentDashboard : paths.studentDashboard}>{t('subjects.back')}</Link></p>
      </div>
    </DashboardShell>
  );
}

function trendText(subject: Subject, t: ProgressText, day: (d: string) => string): string {
  const trend = scoreTrend(subject.weeks);
  switch (trend.kind) {
    case 'none': return t('subjects.trendNone');
    case 'one': return t('subjects.trendOne', { percent: trend.percent, week: day(trend.weekStart) });
    case 'same': return t('subjects.trendSame', { percent: trend.to, weeks: trend.weeks });
    default: return t(trend.kind === 'rose' ? 'subjects.trendRose' : 'subjects.trendFell', { from: trend.from, to: trend.to, weeks: trend.weeks });
  }
}

function SubjectCard({ subject }: { subject: Subject }) {
  const t = useProgressText();
  const subjectName = useSubjectName();
  const day = useDayLabel();
  const id = useId();
  const name = subjectName(subject.subject);
  const trend = trendText(subject, t, day);
  const { totals } = subject;
  return (
    <article className="card subject-progress" aria-labelledby={`${id}-name`} data-testid="subject-progress">
      <h2 id={`${id}-name`}>{name}</h2>
      <p className="subject-progress-trend">{trend}</p>
      <SubjectChart subject={subject} name={name} trend={trend} />
      <p className="subject-progress-totals">
        {t('subjects.totals', { lessons: totals.lessons, games: totals.gamesPlayed })}
        {totals.homeworkDue > 0 && <> · {t('subjects.homework', { done: totals.homeworkDone, due: totals.homeworkDue })}</>}
      </p>
      {subject.topics.length > 0 && (
        <section aria-labelledby={`${id}-topics`}>
          <h3 id={`${id}-topics`}>{t('subjects.topics')}</h3>
          <ul role="list" className="subject-topics">
            {subject.topics.map((topic, i) => (
              <li key={`${topic.date}-${i}`} className="subject-topic">{topic.topic} · <time dateTime={topic.date}>{day(topic.date)}</time></li>
            ))}
          </ul>
        </section>
      )}
      <details className="subject-progress-weeks">
        <summary>{t('subjects.weekByWeek')}</summary>
        <div className="table-wrap" role="region" tabIndex={0} aria-label={t('subjects.weekByWeek')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('subjects.week')}</th>
                <th scope="col">{t('subjects.lessons')}</th>
                <th scope="col">{t('subjects.homeworkColumn')}</th>
                <th scope="col">{t('subjects.score')}</th>
              </tr>
            </thead>
            <tbody>
              {subject.weeks.map((week) => (
                <tr key={week.weekStart}>
                  <th scope="row">{day(week.weekStart)}</th>
                  <td className="num">{week.lessons}</td>
                  <td className="num">{week.homeworkDue ? t('subjects.doneOfDue', { done: week.homeworkDone, due: week.homeworkDue }) : '–'}</td>
                  <td className="num">{week.averagePercent === null ? '–' : t('stats.percent', { percent: week.averagePercent })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </article>
  );
}

function SubjectChart({ subject, name, trend }: { subject: Subject; name: string; trend: string }) {
  const t = useProgressText();
  const id = useId();
  const runs = scoreRuns(subject.weeks);
  const bars = lessonBars(subject.weeks);
  const barWidth = Math.min(12, ((CHART.width - CHART.left - CHART.right) / subject.weeks.length) * 0.5);
  return (
    <svg className="subject-chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{t('subjects.chartTitle', { subject: name, weeks: subject.weeks.length })}</title>
      <desc id={`${id}-desc`}>{`${trend} ${t('subjects.totals', { lessons: subject.totals.lessons, games: subject.totals.gamesPlayed })}`}</desc>
      {[0, 50, 100].map((tick) => (
        <g key={tick} className="subject-chart-grid">
          <line x1={CHART.left} x2={CHART.width - CHART.right} y1={scoreY(tick)} y2={scoreY(tick)} />
          <text x={CHART.left - 4} y={scoreY(tick) + 4} textAnchor="end">{`${tick}%`}</text>
        </g>
      ))}
      {runs.map((run) => (
        <g key={run[0]!.weekStart} className="subject-chart-score">
          {run.length > 1 && <polyline points={run.map((p) => `${p.x},${p.y}`).join(' ')} />}
          {run.map((p) => <circle key={p.weekStart} cx={p.x} cy={p.y} r={4} />)}
        </g>
      ))}
      <text x={CHART.left} y={barsBottom - CHART.barsHeight - 3} className="subject-chart-label">{t('subjects.lessonsShort')}</text>
      <line className="subject-chart-base" x1={CHART.left} x2={CHART.width - CHART.right} y1={barsBottom} y2={barsBottom} />
      {bars.map((bar, i) => (bar.lessons > 0 ? (
        <rect key={subject.weeks[i]!.weekStart} className="subject-chart-lessons" x={bar.x - barWidth / 2} y={barsBottom - bar.height} width={barWidth} height={bar.height} rx={1.5} />
      ) : null))}
    </svg>
  );
}
