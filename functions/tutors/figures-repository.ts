/**
 * A tutor's maintained figures (keys.ts "Tutor figures"): lessons and distinct students counted
 * once each from LessonCompleted, the rating moved by reviews in their own transactions.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { batchGet } from '../shared/batch.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import {
  lessonTaughtKey, listingFreshUpdate, NO_FIGURES, STALE_LISTINGS_PARTITION, staleListingMark, studentTaughtKey, tutorFiguresKey,
  TutorFiguresOfItem, TutorFiguresRecord, tutorPk, type TutorFiguresItem,
} from './keys.js';

export async function getTutorFigures(tutorId: string): Promise<TutorFiguresRecord> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: tutorFiguresKey(tutorId) }));
  return out.Item ? TutorFiguresRecord.parse(out.Item) : { ...NO_FIGURES, listingVersion: 0 };
}

/**
 * The figures of a page of tutors (the cards a browse returns): one BatchGetItem of at most a
 * page's items. A tutor without a figures item has none yet.
 */
export async function figuresOfTutors(tutorIds: readonly string[]): Promise<Map<string, TutorFiguresItem>> {
  const unique = [...new Set(tutorIds)];
  if (unique.length === 0) return new Map();
  const items = (await batchGet(config.tableName, unique.map(tutorFiguresKey))).map((item) => TutorFiguresOfItem.parse(item));
  const byPk = new Map(items.map((item) => [item.pk, item]));
  return new Map(unique.map((id) => {
    const item = byPk.get(tutorPk(id));
    return [id, item ? {
      ratingSum: item.ratingSum, ratingCount: item.ratingCount, lessonsTaught: item.lessonsTaught, studentsTaught: item.studentsTaught,
      ...(item.replyHours !== undefined ? { replyHours: item.replyHours } : {}),
    } : NO_FIGURES];
  }));
}

/** The tutor's usual first-reply time in whole hours (undefined: no recent conversations, shown as nothing). */
export async function setReplyHours(tutorId: string, hours: number | undefined): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: tutorFiguresKey(tutorId),
    ...(hours === undefined ? { UpdateExpression: 'REMOVE replyHours' } : { UpdateExpression: 'SET replyHours = :h', ExpressionAttributeValues: { ':h': hours } }),
  }));
}

/** Takes the tutor off the stale-listings index if the rating is still at `version`; false if it moved. */
export async function markListingFresh(tutorId: string, version: number): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...listingFreshUpdate(tutorId, version) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Puts the tutor on the stale-listings index: a rebuild gave up while the figures kept moving. */
export async function markListingStale(tutorId: string): Promise<void> {
  const stale = staleListingMark(tutorId);
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: tutorFiguresKey(tutorId),
    UpdateExpression: `SET ${stale.set}`, ExpressionAttributeValues: stale.values,
  }));
}

/** Tutors whose browse entries may lag behind their rating: one Query of the sparse index, at most `limit`. */
export async function staleListingTutors(limit: number): Promise<string[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': STALE_LISTINGS_PARTITION }, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => String(item.gsi1sk));
}

/** Puts `marker` if it is new and adds 1 to `counter` with it; false when the marker existed. */
async function countOnce(tutorId: string, marker: { pk: string; sk: string }, counter: 'lessonsTaught' | 'studentsTaught', at: string) {
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: config.tableName, Item: { ...marker, countedAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: config.tableName, Key: tutorFiguresKey(tutorId),
            // The figures item alone: no browse entry shows these counts or sorts by them
            // (browse reads them per page, keys.ts "Tutor figures"), so no listingVersion either.
            UpdateExpression: 'ADD #n :one',
            ExpressionAttributeNames: { '#n': counter },
            ExpressionAttributeValues: { ':one': 1 },
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

/**
 * Counts a completed lesson once per booking and its student once per tutor. Two transactions:
 * a redelivery after the first finds its marker and still does the second.
 */
export async function countLessonTaught(tutorId: string, bookingId: string, studentId: string, at: string) {
  const lesson = await countOnce(tutorId, lessonTaughtKey(tutorId, bookingId), 'lessonsTaught', at);
  const student = await countOnce(tutorId, studentTaughtKey(tutorId, studentId), 'studentsTaught', at);
  return { lesson, student };
}
