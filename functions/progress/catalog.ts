/** Progress lists and limits without zod, for the SPA's game page and the contract alike. */
export const GAME_MODE_NAMES = ['quiz', 'challenge', 'speed'] as const;
export type GameModeName = (typeof GAME_MODE_NAMES)[number];

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
