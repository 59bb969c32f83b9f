/** The progress items (keys.ts): once-only saves and counts, and the reads behind the dashboard. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import type { SavedGame } from './contract.js';
import {
  countLessonItems, DAY_PREFIX, DayItem, dayOf, GAME_PREFIX, GameItem, gameIdKey, MARKER_INDEX, progressPartition,
  saveGameItems, summaryKey, SummaryItem, type Summary,
} from './keys.js';

type TransactItem = ReturnType<typeof saveGameItems>[number] | ReturnType<typeof countLessonItems>[number];

/** Writes all or nothing; false when the once-only marker (the first item) was already there. */
async function writeOnce(items: readonly TransactItem[]): Promise<boolean> {
  const TransactItems = items.map((item) =>
    'Put' in item ? { Put: { TableName: config.tableName, ...item.Put } } : { Update: { TableName: config.tableName, ...item.Update } });
  try {
    await transactWrite({ TransactItems });
    return true;
  } catch (error) {
    if (cancellationCodes(error)[MARKER_INDEX] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** Saves a game once per gameId: the new game, or the one saved before under that id. */
export async function saveGameOnce(userId: string, game: SavedGame, day: string): Promise<{ game: SavedGame; created: boolean }> {
  if (await writeOnce(saveGameItems(userId, game, day))) return { game, created: true };
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: gameIdKey(userId, game.gameId), ConsistentRead: true }));
  return { game: GameItem.parse(out.Item), created: false };
}

/** Counts a completed lesson once per booking; false when it was counted before. */
export const countLessonOnce = (userId: string, bookingId: string, minutes: number, day: string, completedAt: string) =>
  writeOnce(countLessonItems(userId, bookingId, minutes, day, completedAt));

async function newestInPartition(userId: string, prefix: string, limit: number) {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': progressPartition(userId), ':prefix': prefix },
    ScanIndexForward: false, Limit: limit, ConsistentRead: true,
  }));
  return out.Items ?? [];
}

/** The running totals alone (1 GetItem). */
export async function progressSummary(userId: string): Promise<Summary> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: summaryKey(userId), ConsistentRead: true }));
  return SummaryItem.parse(out.Item ?? {});
}

/** Everything the dashboard's figures come from: 1 GetItem and 2 bounded Queries of one partition. */
export async function progressRecords(userId: string, recentGames: number, daysRead: number): Promise<{
  summary: Summary; recent: SavedGame[]; activeDays: string[];
}> {
  const [summary, games, days] = await Promise.all([
    dynamo().send(new GetCommand({ TableName: config.tableName, Key: summaryKey(userId), ConsistentRead: true })),
    newestInPartition(userId, GAME_PREFIX, recentGames),
    newestInPartition(userId, DAY_PREFIX, daysRead),
  ]);
  return {
    summary: SummaryItem.parse(summary.Item ?? {}),
    recent: games.map((item) => GameItem.parse(item)),
    activeDays: days.map((item) => dayOf(DayItem.parse(item))),
  };
}

/** The games `userId` finished in [fromIso, toIso) (the weekly progress report): 1 paged Query of their partition. */
export async function gamesFinishedBetween(userId: string, fromIso: string, toIso: string): Promise<SavedGame[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': progressPartition(userId), ':from': `${GAME_PREFIX}${fromIso}`, ':to': `${GAME_PREFIX}${toIso}` },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items.map((item) => GameItem.parse(item));
}
