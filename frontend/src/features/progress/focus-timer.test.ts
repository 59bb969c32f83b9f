import { describe, expect, it } from 'vitest';
import { clockText, FOCUS_MS, idleTimer, isDone, pauseTimer, remainingMs, resetTimer, startTimer, timerPhase } from './focus-timer';

const T0 = 5_000_000;
const MIN = 60_000;

describe('focus timer', () => {
  it('shows 25:00 until started, then counts down from the start time', () => {
    expect(clockText(remainingMs(idleTimer, T0))).toBe('25:00');
    expect(timerPhase(idleTimer, T0)).toBe('idle');
    const running = startTimer(idleTimer, T0);
    expect(timerPhase(running, T0)).toBe('running');
    expect(clockText(remainingMs(running, T0 + 1))).toBe('25:00');
    expect(clockText(remainingMs(running, T0 + 1000))).toBe('24:59');
    expect(clockText(remainingMs(running, T0 + 10 * MIN + 30_000))).toBe('14:30');
  });

  it('is right after the tab was in the background: the time comes from timestamps, not ticks', () => {
    const running = startTimer(idleTimer, T0);
    // No tick for 20 minutes (a hidden tab): the first look afterwards is still right.
    expect(clockText(remainingMs(running, T0 + 20 * MIN))).toBe('05:00');
  });

  it('pause keeps the time left; start again goes on from there; start while running changes nothing', () => {
    let timer = startTimer(idleTimer, T0);
    timer = pauseTimer(timer, T0 + 5 * MIN);
    expect(timerPhase(timer, T0 + 60 * MIN)).toBe('paused');
    expect(clockText(remainingMs(timer, T0 + 60 * MIN))).toBe('20:00');
    timer = startTimer(timer, T0 + 60 * MIN);
    expect(startTimer(timer, T0 + 61 * MIN)).toBe(timer);
    expect(clockText(remainingMs(timer, T0 + 62 * MIN))).toBe('18:00');
    expect(pauseTimer(resetTimer(), T0)).toEqual(idleTimer);
  });

  it('stops at 00:00 and cannot start again until reset', () => {
    let timer = startTimer(idleTimer, T0);
    expect(isDone(timer, T0 + FOCUS_MS - 1)).toBe(false);
    expect(clockText(remainingMs(timer, T0 + FOCUS_MS - 1))).toBe('00:01');
    expect(isDone(timer, T0 + FOCUS_MS + 5 * MIN)).toBe(true);
    expect(clockText(remainingMs(timer, T0 + FOCUS_MS + 5 * MIN))).toBe('00:00');
    timer = pauseTimer(timer, T0 + FOCUS_MS + 5 * MIN);
    expect(timerPhase(timer, T0 + FOCUS_MS + 6 * MIN)).toBe('done');
    expect(startTimer(timer, T0 + FOCUS_MS + 6 * MIN)).toBe(timer);
    expect(clockText(remainingMs(resetTimer(), T0))).toBe('25:00');
  });
});
