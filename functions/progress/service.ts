/**
 * Progress (the student dashboard's Recent Scores, Average Score, Streak,
 * Hours Studied). Games are saved by the student who played them; completed lessons arrive by
 * the LessonCompleted event (consumers/count-completed-lesson.ts), so the dashboard reads one
 * partition of bounded size however many bookings a student has. Days are the student's
 * calendar days in their profile's zone (Africa/Nairobi without one), fixed when recorded.
 */
import type { LessonCompleted } from '../../events/index.js';
import { getProfile } from '../profiles/service.js';
import { ownerOf } from '../households/learner-owner.js';
import type { AuthUser } from '../shared/http.js';
import { PROGRESS_LIMITS, type ProgressSummary, type SavedGame, type SaveGameRequest } from './contract.js';
import { countLessonOnce, gamesFinishedBetween, progressRecords, progressSummary, saveGameOnce } from './repository.js';
import { noteWeeklyActivity } from '../weeklyreports/activity.js';
import { averagePercent, dayIn, minutesStudied, percentOf, streakDays, usableTimeZone } from './rules.js';

const timeZoneOf = async (userId: string) => usableTimeZone((await getProfile(userId))?.timeZone);

/**
 * Saves the caller's finished game once per gameId (a retry answers the game saved first), under
 * the learner a parent played for. A learner's days are the parent's calendar days (their zone).
 */
export async function saveGame(user: AuthUser, request: SaveGameRequest, now = new Date()): Promise<{ game: SavedGame; created: boolean }> {
  const { learnerId, ...played } = request;
  const { ownerId, learner } = await ownerOf(user, learnerId);
  const game: SavedGame = { ...played, percent: percentOf(played.correctCount, played.questionCount), finishedAt: now.toISOString() };
  const saved = await saveGameOnce(ownerId, game, dayIn(now, await timeZoneOf(user.id)));
  // On a retry too (the same values): a marker lost with a failed first answer is written then.
  await noteWeeklyActivity({ ownerId, recipientId: learner?.parentId ?? user.id, learner }, [new Date(saved.game.finishedAt)]);
  return saved;
}

/** The games kept under `ownerId` finished in [from, to) (the weekly progress report). */
export const gamesBetween = (ownerId: string, from: Date, to: Date): Promise<SavedGame[]> =>
  gamesFinishedBetween(ownerId, from.toISOString(), to.toISOString());

/** The caller's own figures, or those of the parent's learner named; nobody reads another student's progress. */
export async function myProgress(user: AuthUser, learnerId?: string, now = new Date()): Promise<ProgressSummary> {
  const { ownerId } = await ownerOf(user, learnerId);
  return progressOf(ownerId, user.id, now);
}

/** The figures kept under `ownerId`, with days counted in `zoneOf`'s zone (a learner's parent). */
export async function progressOf(ownerId: string, zoneOf: string, now = new Date()): Promise<ProgressSummary> {
  const [timeZone, records] = await Promise.all([
    timeZoneOf(zoneOf),
    progressRecords(ownerId, PROGRESS_LIMITS.recentGames, PROGRESS_LIMITS.streakDaysRead),
  ]);
  const { summary } = records;
  return {
    recentGames: records.recent,
    gamesPlayed: summary.gamesPlayed,
    averagePercent: averagePercent(summary.correctTotal, summary.questionTotal),
    streakDays: streakDays(records.activeDays, dayIn(now, timeZone)),
    minutesStudied: minutesStudied(summary.gameSeconds, summary.lessonMinutes),
    lessonsCompleted: summary.lessonsCompleted,
    timeZone,
  };
}

/** What badges (certificates domain) are earned from: running totals, one read. */
export async function badgeFacts(userId: string): Promise<{ lessonsCompleted: number; highScoreGames: number }> {
  const summary = await progressSummary(userId);
  return { lessonsCompleted: summary.lessonsCompleted, highScoreGames: summary.highScoreGames };
}

/** A completed lesson counts once (events arrive at least once) on the day it was held. */
export async function countCompletedLesson(lesson: LessonCompleted): Promise<boolean> {
  const day = dayIn(new Date(lesson.scheduledAt), await timeZoneOf(lesson.studentId));
  return countLessonOnce(lesson.studentId, lesson.bookingId, lesson.durationMinutes, day, lesson.occurredAt);
}
