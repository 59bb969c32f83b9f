/**
 * Live sessions and their attendance (keys in keys.ts). Every state change is a conditional
 * write, so two requests at once (the tutor's double click, an end racing a join) can't move a
 * session backwards or past ended. Items are parsed when read.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { transactWrite } from '../shared/transact.js';
import type { AttendanceEntry } from './contract.js';
import {
  attendanceItem, JOIN_PREFIX, LiveSession, livePartition, liveSessionItem, SESSION_SK, sessionActivatedUpdate, sessionEndedUpdate,
  StoredAttendance,
} from './keys.js';

/** Whether a conditional write went through: false when its condition refused it, anything else thrown. */
const applied = (write: Promise<unknown>): Promise<boolean> => write.then(() => true, (error: Error) => {
  if (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException') return false;
  throw error;
});

/** The session (null before the tutor created it) and every join, oldest first: one Query. */
export async function readLiveSession(bookingId: string): Promise<{ session: LiveSession | null; attendance: AttendanceEntry[] }> {
  let session: LiveSession | null = null;
  const attendance: AttendanceEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': livePartition(bookingId) },
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    }));
    for (const item of out.Items ?? []) {
      if (item.sk === SESSION_SK) session = LiveSession.parse(item);
      else if (typeof item.sk === 'string' && item.sk.startsWith(JOIN_PREFIX)) attendance.push(StoredAttendance.parse(item));
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  // Sort keys are JOIN#{joinedAt}#…, so the Query already returns joins oldest first.
  return { session, attendance };
}

/** Writes a new session; false when one already exists (a repeated or simultaneous create). */
export async function putNewSession(session: LiveSession): Promise<boolean> {
  return applied(dynamo().send(new PutCommand({
    TableName: config.tableName, Item: liveSessionItem(session), ConditionExpression: 'attribute_not_exists(pk)',
  })));
}

/** created → active (active stays active); false when the session is not created or active (ended meanwhile). */
export async function activateSession(bookingId: string, at: string): Promise<boolean> {
  return applied(dynamo().send(new UpdateCommand({ TableName: config.tableName, ...sessionActivatedUpdate(bookingId, at) })));
}

/**
 * A join: the session becomes (or stays) active and the join is recorded, together or not at
 * all. False when the session is not created or active (it ended meanwhile).
 */
export async function recordJoin(bookingId: string, entry: AttendanceEntry): Promise<boolean> {
  return applied(transactWrite({
    TransactItems: [
      { Update: { TableName: config.tableName, ...sessionActivatedUpdate(bookingId, entry.joinedAt) } },
      { Put: { TableName: config.tableName, Item: attendanceItem(bookingId, entry) } },
    ],
  }));
}

/** active → ended; false when it was not active (ended by a request just before, or never started). */
export async function endSession(bookingId: string, at: string): Promise<boolean> {
  return applied(dynamo().send(new UpdateCommand({ TableName: config.tableName, ...sessionEndedUpdate(bookingId, at) })));
}
