/**
 * The dashboard's focus timer (study timer, 25:00), pure. Time is read from timestamps,
 * never counted in ticks: a tab in the background gets its timers slowed or stopped, and the
 * remaining time must still be right when the student comes back.
 */
export const FOCUS_MS = 25 * 60_000;

export interface FocusTimer {
  /** When the running stretch began (ms); null while paused or not started. */
  runningSince: number | null;
  /** Time counted before the running stretch (earlier stretches, before each pause). */
  elapsedMs: number;
}

export const idleTimer: FocusTimer = { runningSince: null, elapsedMs: 0 };

const elapsedAt = (timer: FocusTimer, now: number) =>
  Math.min(FOCUS_MS, timer.elapsedMs + (timer.runningSince === null ? 0 : Math.max(0, now - timer.runningSince)));

export const remainingMs = (timer: FocusTimer, now: number) => FOCUS_MS - elapsedAt(timer, now);

export const isDone = (timer: FocusTimer, now: number) => remainingMs(timer, now) === 0;

export function startTimer(timer: FocusTimer, now: number): FocusTimer {
  if (timer.runningSince !== null || isDone(timer, now)) return timer;
  return { ...timer, runningSince: now };
}

export function pauseTimer(timer: FocusTimer, now: number): FocusTimer {
  if (timer.runningSince === null) return timer;
  return { runningSince: null, elapsedMs: elapsedAt(timer, now) };
}

export const resetTimer = (): FocusTimer => idleTimer;

/** mm:ss, rounded up to the second (25:00 at the start, 00:00 only when the time is up). */
export function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The state the controls show. */
export function timerPhase(timer: FocusTimer, now: number): 'idle' | 'running' | 'paused' | 'done' {
  if (isDone(timer, now)) return 'done';
  if (timer.runningSince !== null) return 'running';
  return timer.elapsedMs > 0 ? 'paused' : 'idle';
}
