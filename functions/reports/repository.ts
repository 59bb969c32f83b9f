/**
 * Lesson reports' items (keys.ts). Every write is conditional on the revision the writer read and
 * on the edit window, so two windows of the same tutor cannot overwrite each other and nothing
 * changes once the window has closed, whatever the service saw.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { batchGet } from '../shared/batch.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import {
  FAMILY_LESSON_PREFIX, FamilyLessonItem, familyLessonKey, familyLessonsPartition, ReportItem, reportDeadlineKey, reportKey, ReportShareItem,
  reportShareKey, reportVersionKey, type ReportVersionItem,
} from './keys.js';
import type { ReportFields } from './rules.js';

const isConditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export async function getReport(bookingId: string): Promise<ReportItem | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: reportKey(bookingId), ConsistentRead: true }));
  return out.Item ? ReportItem.parse(out.Item) : null;
}

/** The first save: false when a report was saved meanwhile. */
export async function createReport(item: ReportItem): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName, Item: { ...reportKey(item.bookingId), entity: 'LessonReport', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** A later save: false when the stored revision is no longer `seen` or the window closed. */
export async function saveWorkingCopy(bookingId: string, seen: number, working: ReportFields, now: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: reportKey(bookingId),
      UpdateExpression: 'SET working = :w, revision = :next, updatedAt = :now',
      ConditionExpression: 'revision = :seen AND editableUntil > :now',
      ExpressionAttributeValues: { ':w': working, ':next': seen + 1, ':seen': seen, ':now': now },
    }));
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Approves `revision` (whose fields the caller read as the working copy) in one transaction:
 * the report's approved copy and the version item. False when it is no longer that revision,
 * it is approved already, or the window closed.
 */
export async function approveRevision(bookingId: string, revision: number, fields: ReportFields, by: string, now: string): Promise<boolean> {
  const version: ReportVersionItem = { bookingId, revision, fields, approvedAt: now, approvedBy: by };
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName, Key: reportKey(bookingId),
            UpdateExpression: 'SET approvedRevision = :r, approved = :f, approvedAt = :now, firstApprovedAt = if_not_exists(firstApprovedAt, :now)',
            ConditionExpression: 'revision = :r AND editableUntil > :now AND (attribute_not_exists(approvedRevision) OR approvedRevision <> :r)',
            ExpressionAttributeValues: { ':r': revision, ':f': fields, ':now': now },
          },
        },
        {
          Put: {
            TableName: config.tableName, Item: { ...reportVersionKey(bookingId, revision), entity: 'LessonReportVersion', ...version },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/**
 * Counts a lesson whose report came due in its tutor's share, in one transaction with the
 * lesson's deadline marker: a job that runs twice counts it once. False when it was counted before.
 */
export async function countReportDue(bookingId: string, tutorId: string, onTime: boolean, now: string): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName, Item: { ...reportDeadlineKey(bookingId), entity: 'LessonReportDeadline', tutorId, onTime, at: now },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: config.tableName, Key: reportShareKey(tutorId),
            UpdateExpression: 'SET entity = :entity ADD due :one, onTime :counted',
            ExpressionAttributeValues: { ':entity': 'LessonReportShare', ':one': 1, ':counted': onTime ? 1 : 0 },
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

export async function getReportShare(tutorId: string): Promise<ReportShareItem> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: reportShareKey(tutorId) }));
  return ReportShareItem.parse(out.Item ?? {});
}

/** The lesson in its learner's history; a second write (a later approval, a retry) changes nothing. */
export async function putFamilyLesson(item: Omit<FamilyLessonItem, 'sk'>): Promise<void> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName, Item: { ...familyLessonKey(item.ownerId, item.scheduledAt, item.bookingId), entity: 'FamilyLesson', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * A held lesson in its learner's history, whether or not its report was approved before: each
 * field is set only where absent (the approval's own write, or a redelivery, already has them:
 * the same booking facts), so the order the two arrive in does not matter. `missed` (the
 * student did not come) is the booking's to say and is set either way.
 */
export async function putHeldLesson(item: Omit<FamilyLessonItem, 'sk'>): Promise<void> {
  const fields = Object.entries(item).filter(([name]) => name !== 'missed');
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: familyLessonKey(item.ownerId, item.scheduledAt, item.bookingId),
    UpdateExpression: `SET ${['entity', ...fields.map(([name]) => name)].map((name, i) => `#f${i} = if_not_exists(#f${i}, :v${i})`).join(', ')}${item.missed ? ', missed = :missed' : ''}`,
    ExpressionAttributeNames: Object.fromEntries(['entity', ...fields.map(([name]) => name)].map((name, i) => [`#f${i}`, name])),
    ExpressionAttributeValues: {
      ...Object.fromEntries([['entity', 'FamilyLesson'], ...fields].map(([, value], i) => [`:v${i}`, value])),
      ...(item.missed ? { ':missed': true } : {}),
    },
  }));
}

/** One page of a learner's lessons, newest first; `after` is the sort key the previous page ended on. */
export async function familyLessonsPage(ownerId: string, limit: number, after?: string): Promise<{ items: FamilyLessonItem[]; last?: string }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': familyLessonsPartition(ownerId), ':prefix': FAMILY_LESSON_PREFIX },
    ScanIndexForward: false, Limit: limit,
    ...(after ? { ExclusiveStartKey: { pk: familyLessonsPartition(ownerId), sk: after } } : {}),
  }));
  const last = out.LastEvaluatedKey?.sk as string | undefined;
  return { items: (out.Items ?? []).map((item) => FamilyLessonItem.parse(item)), ...(last ? { last } : {}) };
}

/** The reports of these lessons (a page of the history: at most a few dozen keys). */
export async function getReports(bookingIds: string[]): Promise<Map<string, ReportItem>> {
  if (bookingIds.length === 0) return new Map();
  const items = await batchGet(config.tableName, bookingIds.map(reportKey));
  return new Map(items.map((item) => ReportItem.parse(item)).map((item) => [item.bookingId, item]));
}

/**
 * Marks the approved homework done (the first time and who stay; a photo sent now replaces the
 * one kept). False when the lesson's approved report has no homework.
 */
export async function markHomeworkDone(bookingId: string, by: string, at: string, photo?: ReportItem['homeworkPhoto']): Promise<ReportItem | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: reportKey(bookingId),
      UpdateExpression: `SET homeworkDoneAt = if_not_exists(homeworkDoneAt, :at), homeworkDoneBy = if_not_exists(homeworkDoneBy, :by)${photo ? ', homeworkPhoto = :photo' : ''}`,
      ConditionExpression: 'attribute_exists(approved.homework)',
      ExpressionAttributeValues: { ':at': at, ':by': by, ...(photo ? { ':photo': photo } : {}) },
      ReturnValues: 'ALL_NEW',
    }));
    return ReportItem.parse(out.Attributes);
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** Undo: the homework is open again and its photo no longer shown. */
export async function markHomeworkOpen(bookingId: string): Promise<ReportItem | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: reportKey(bookingId),
      UpdateExpression: 'REMOVE homeworkDoneAt, homeworkDoneBy, homeworkPhoto',
      ConditionExpression: 'attribute_exists(approved.homework)',
      ReturnValues: 'ALL_NEW',
    }));
    return ReportItem.parse(out.Attributes);
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** A learner's reported lessons scheduled in [fromIso, toIso): one paged Query of their history by its date-sorted keys. */
export async function familyLessonsBetween(ownerId: string, fromIso: string, toIso: string): Promise<FamilyLessonItem[]> {
  const items: FamilyLessonItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': familyLessonsPartition(ownerId), ':from': `${FAMILY_LESSON_PREFIX}${fromIso}`, ':to': `${FAMILY_LESSON_PREFIX}${toIso}`,
      },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []).map((item) => FamilyLessonItem.parse(item)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}
