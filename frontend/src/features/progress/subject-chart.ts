/**
 * Progress by subject, the chart's geometry and its words (pure): where each week's score and
 * lessons go in the small inline SVG, the score line broken where a week had no games, and the
 * trend said in words for readers who do not see the chart.
 */
import type { SubjectWeek } from '@functions/progress/contract';

export const CHART = { width: 300, height: 136, left: 36, right: 8, top: 8, scoreHeight: 72, gap: 20, barsHeight: 24 } as const;
const plotWidth = CHART.width - CHART.left - CHART.right;

/** The centre x of week `i` of `count`. */
export const weekX = (i: number, count: number) => CHART.left + (plotWidth / Math.max(1, count)) * (i + 0.5);
/** The y of a score (0–100 %). */
export const scoreY = (percent: number) => CHART.top + CHART.scoreHeight - (percent / 100) * CHART.scoreHeight;
/** Where the lessons' bars stand (their bottom). */
export const barsBottom = CHART.top + CHART.scoreHeight + CHART.gap + CHART.barsHeight;

export interface ScorePoint { x: number; y: number; percent: number; weekStart: string }

/** The score's points, in runs of consecutive weeks with games: one line per run, a gap between runs. */
export function scoreRuns(weeks: readonly SubjectWeek[]): ScorePoint[][] {
  const runs: ScorePoint[][] = [];
  let run: ScorePoint[] = [];
  weeks.forEach((week, i) => {
    if (week.averagePercent === null) {
      if (run.length) runs.push(run);
      run = [];
      return;
    }
    run.push({ x: weekX(i, weeks.length), y: scoreY(week.averagePercent), percent: week.averagePercent, weekStart: week.weekStart });
  });
  if (run.length) runs.push(run);
  return runs;
}

/** The lessons' bars: their height on the subject's own scale (the busiest week fills the band). */
export function lessonBars(weeks: readonly SubjectWeek[]): Array<{ x: number; height: number; lessons: number }> {
  const most = Math.max(1, ...weeks.map((w) => w.lessons));
  return weeks.map((week, i) => ({ x: weekX(i, weeks.length), height: (week.lessons / most) * CHART.barsHeight, lessons: week.lessons }));
}

export type ScoreTrend =
  | { kind: 'none' }
  | { kind: 'one'; percent: number; weekStart: string }
  | { kind: 'rose' | 'fell' | 'same'; from: number; to: number; weeks: number };

/** From the first week with games to the last: rose, fell or stayed; one week alone; none. */
export function scoreTrend(weeks: readonly SubjectWeek[]): ScoreTrend {
  const scored = weeks.map((week, i) => ({ week, i })).filter(({ week }) => week.averagePercent !== null);
  const first = scored[0];
  const last = scored.at(-1);
  if (!first || !last) return { kind: 'none' };
  if (first === last) return { kind: 'one', percent: first.week.averagePercent!, weekStart: first.week.weekStart };
  const from = first.week.averagePercent!;
  const to = last.week.averagePercent!;
  return { kind: to > from ? 'rose' : to < from ? 'fell' : 'same', from, to, weeks: last.i - first.i + 1 };
}
