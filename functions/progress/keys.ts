/**
 * Progress items, owned by the progress domain. One partition per student:
 *   summary    pk PROGRESS#{userId}  sk SUMMARY                      running totals (games, answers, time, lessons)
 *   game       pk PROGRESS#{userId}  sk GAME#{finishedAt}#{gameId}   a finished game (newest last: Recent Scores)
 *   game id    pk PROGRESS#{userId}  sk GAMEID#{gameId}              once-only marker of a save, with the game
 *   day        pk PROGRESS#{userId}  sk DAY#{yyyy-mm-dd}             a day with practice or a lesson (streak)
 *   lesson     pk PROGRESS#{userId}  sk LESSON#{bookingId}           once-only marker of a counted lesson
 * Pure: keys, item schemas and the transaction items (callers add TableName).
 */
import * as z from 'zod';
import { HIGH_SCORE_PERCENT } from './catalog.js';
import { SavedGame } from './contract.js';

export const progressPartition = (userId: string) => `PROGRESS#${userId}`;
export const GAME_PREFIX = 'GAME#';
export const DAY_PREFIX = 'DAY#';

export const summaryKey = (userId: string) => ({ pk: progressPartition(userId), sk: 'SUMMARY' });
const gameKey = (userId: string, game: SavedGame) => ({ pk: progressPartition(userId), sk: `${GAME_PREFIX}${game.finishedAt}#${game.gameId}` });
export const gameIdKey = (userId: string, gameId: string) => ({ pk: progressPartition(userId), sk: `GAMEID#${gameId}` });
const dayKey = (userId: string, day: string) => ({ pk: progressPartition(userId), sk: `${DAY_PREFIX}${day}` });
const lessonKey = (userId: string, bookingId: string) => ({ pk: progressPartition(userId), sk: `LESSON#${bookingId}` });

const total = z.number().default(0);
export const SummaryItem = z.object({
  gamesPlayed: total, correctTotal: total, questionTotal: total, gameSeconds: total, lessonMinutes: total, lessonsCompleted: total,
  /** Games scored at HIGH_SCORE_PERCENT or more (the five-quizzes badge; counted from when it was added). */
  highScoreGames: total,
});
export type Summary = z.infer<typeof SummaryItem>;

export const GameItem = SavedGame;
export const DayItem = z.object({ sk: z.string().startsWith(DAY_PREFIX) });
export const dayOf = (item: z.infer<typeof DayItem>) => item.sk.slice(DAY_PREFIX.length);

const add = (Key: { pk: string; sk: string }, values: Record<string, number>) => {
  const names = Object.keys(values);
  return {
    Update: {
      Key,
      UpdateExpression: `ADD ${names.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:a${i}`, values[name]!])),
    },
  };
};

const once = (Key: { pk: string; sk: string }, Item: Record<string, unknown>) => ({
  Put: { Item: { ...Key, ...Item }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Index of the once-only marker in both transactions: its failed condition means "already counted". */
export const MARKER_INDEX = 0;

/** Saving a game: the marker first (fails on a retry), the game, the totals and the day. */
export function saveGameItems(userId: string, game: SavedGame, day: string) {
  return [
    once(gameIdKey(userId, game.gameId), game),
    { Put: { Item: { ...gameKey(userId, game), ...game } } },
    add(summaryKey(userId), {
      gamesPlayed: 1, correctTotal: game.correctCount, questionTotal: game.questionCount, gameSeconds: game.durationSeconds,
      highScoreGames: game.percent >= HIGH_SCORE_PERCENT ? 1 : 0,
    }),
    add(dayKey(userId, day), { games: 1 }),
  ];
}

/** Counting a completed lesson once per booking: the marker first, the totals and the lesson's day. */
export function countLessonItems(userId: string, bookingId: string, minutes: number, day: string, completedAt: string) {
  return [
    once(lessonKey(userId, bookingId), { minutes, day, completedAt }),
    add(summaryKey(userId), { lessonMinutes: minutes, lessonsCompleted: 1 }),
    add(dayKey(userId, day), { lessons: 1 }),
  ];
}
