import { describe, expect, it } from 'vitest';
import type { SubjectWeek } from '@functions/progress/contract';
import { CHART, lessonBars, scoreRuns, scoreTrend, scoreY } from './subject-chart';

const week = (i: number, averagePercent: number | null, lessons = 0): SubjectWeek =>
  ({ weekStart: `2026-09-${String(7 + i).padStart(2, '0')}`, lessons, homeworkDue: 0, homeworkDone: 0, gamesPlayed: averagePercent === null ? 0 : 1, averagePercent });

describe('the subject chart', () => {
  it('breaks the score line where a week had no games', () => {
    const runs = scoreRuns([week(0, 50), week(1, 60), week(2, null), week(3, 70), week(4, null)]);
    expect(runs.map((run) => run.map((p) => p.percent))).toEqual([[50, 60], [70]]);
    expect(runs[0]![0]!.x).toBeLessThan(runs[0]![1]!.x);
  });

  it('puts 100 % at the top of the score band and 0 % at its bottom', () => {
    expect(scoreY(100)).toBe(CHART.top);
    expect(scoreY(0)).toBe(CHART.top + CHART.scoreHeight);
  });

  it('scales the lessons to the busiest week', () => {
    expect(lessonBars([week(0, null, 0), week(1, null, 2), week(2, null, 1)]).map((b) => b.height)).toEqual([0, CHART.barsHeight, CHART.barsHeight / 2]);
    expect(lessonBars([week(0, null, 0)])[0]!.height).toBe(0);
  });

  it('says whether the score rose, fell or stayed from the first week with games to the last', () => {
    expect(scoreTrend([week(0, null), week(1, 55), week(2, null), week(3, 72)])).toEqual({ kind: 'rose', from: 55, to: 72, weeks: 3 });
    expect(scoreTrend([week(0, 80), week(1, 60)])).toEqual({ kind: 'fell', from: 80, to: 60, weeks: 2 });
    expect(scoreTrend([week(0, 60), week(1, 60)])).toMatchObject({ kind: 'same' });
    expect(scoreTrend([week(0, null), week(1, 40)])).toEqual({ kind: 'one', percent: 40, weekStart: '2026-09-08' });
    expect(scoreTrend([week(0, null)])).toEqual({ kind: 'none' });
  });
});
