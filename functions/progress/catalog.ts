/**
 * Progress lists, limits and quiz scoring without zod: the SPA's game scores with these, and the
 * server bounds a saved game's claim with the same (rules.ts scoreProblem).
 */

/** The game's modes in the order the game page offers them. */
export const GAME_MODE_NAMES = ['quiz', 'challenge', 'speed'] as const;
export type GameModeName = (typeof GAME_MODE_NAMES)[number];

/** Quiz scoring: a correct answer scores 100; in speed mode the seconds left × 10, of 30. */
export const POINTS_PER_CORRECT = 100;
export const SPEED_SECONDS = 30;
export const SPEED_POINTS_PER_SECOND = 10;

/** What one answer scores: only correct answers score. */
export function pointsFor(mode: GameModeName, correct: boolean, secondsLeft: number): number {
  if (!correct) return 0;
  return mode === 'speed' ? secondsLeft * SPEED_POINTS_PER_SECOND : POINTS_PER_CORRECT;
}

/** The most one correct answer scores in each mode (speed: answered at once). */
export const MAX_POINTS_PER_CORRECT = Object.fromEntries(
  GAME_MODE_NAMES.map((mode) => [mode, pointsFor(mode, true, SPEED_SECONDS)]),
) as Record<GameModeName, number>;

export const PROGRESS_LIMITS = {
  /** A game longer than this counts as this much study (a tab left open overnight is not study). */
  maxGameSeconds: 2 * 3600,
  /** Recent Scores on the dashboard. */
  recentGames: 5,
  /** Days read for the streak: a streak longer than this shows as this. */
  streakDaysRead: 366,
} as const;

export const GAME_MODE_LABELS: Record<GameModeName, string> = { quiz: 'Quiz', challenge: 'Challenge', speed: 'Speed' };

/** Recent Scores highlights games at or above this percent. */
export const HIGH_SCORE_PERCENT = 80;

/** Progress by subject (subject-rules.ts). */
export const SUBJECT_PROGRESS_LIMITS = {
  /** Weeks shown, ending with the current one. */
  weeks: 12,
  /** Topics listed per subject (the newest). */
  topicsPerSubject: 20,
  /** Homework may be due up to this many weeks after its lesson: lessons this far before the first week are read for it. */
  homeworkWeeksBack: 4,
} as const;
