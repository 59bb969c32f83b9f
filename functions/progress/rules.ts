/**
 * Progress rules (the student dashboard, quiz scoring), pure: what a
 * finished game may claim, and the dashboard's figures from what was recorded.
 */
import { MAX_POINTS_PER_CORRECT, SPEED_POINTS_PER_SECOND, type GameModeName } from './catalog.js';

/** The default zone of the platform's students (Kenya), for a profile without a usable one. */
export const FALLBACK_TIME_ZONE = 'Africa/Nairobi';

export interface GameClaim {
  mode: GameModeName;
  score: number;
  correctCount: number;
  questionCount: number;
}

/**
 * Why a finished game cannot be true, or null. Only correct answers score (catalog.ts pointsFor,
 * which the game scores with), so the bound follows the correct count: quiz and challenge score
 * exactly their points per correct answer; speed at most its most per answer, in its steps.
 */
export function scoreProblem({ mode, score, correctCount, questionCount }: GameClaim): string | null {
  if (correctCount > questionCount) return 'Correct answers cannot be more than the questions';
  const perCorrect = MAX_POINTS_PER_CORRECT[mode];
  const max = correctCount * perCorrect;
  if (mode !== 'speed') return score === max ? null : `A ${mode} score is ${perCorrect} per correct answer (${max} for ${correctCount})`;
  if (score > max) return `A speed score is at most ${perCorrect} per correct answer (${max} for ${correctCount})`;
  return score % SPEED_POINTS_PER_SECOND === 0 ? null : `A speed score is a multiple of ${SPEED_POINTS_PER_SECOND}`;
}

/** A game's percent: correct answers out of questions, whole (the same scale in every mode). */
export const percentOf = (correct: number, questions: number) => (questions > 0 ? Math.round((correct / questions) * 100) : 0);

/** Average Score: every answer of every game counted once (null before the first game). */
export const averagePercent = (correctTotal: number, questionTotal: number): number | null =>
  questionTotal > 0 ? percentOf(correctTotal, questionTotal) : null;

/** Hours Studied, in whole minutes (the SPA shows minutes under an hour): game time plus completed lessons. */
export const minutesStudied = (gameSeconds: number, lessonMinutes: number) => Math.round(gameSeconds / 60) + lessonMinutes;

/** `zone` when the runtime knows it, otherwise Africa/Nairobi. */
export function usableTimeZone(zone: string | undefined): string {
  if (!zone) return FALLBACK_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return zone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** The calendar day (yyyy-mm-dd) an instant falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: usableTimeZone(timeZone), year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The day before a yyyy-mm-dd day (calendar arithmetic, no zone involved). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Streak: days in a row with practice or a lesson, ending today or yesterday (today is not
 * over, so a streak that went on until yesterday still stands). Days after today are ignored.
 */
export function streakDays(activeDays: Iterable<string>, today: string): number {
  const days = new Set(activeDays);
  let day = days.has(today) ? today : dayBefore(today);
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day = dayBefore(day);
  }
  return streak;
}
