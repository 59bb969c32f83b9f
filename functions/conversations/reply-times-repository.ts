/**
 * The tutor's reply-times item (keys.ts "reply times"): its samples, their median and the day its
 * oldest sample expires (the sparse gsi3 REPLYEXPIRY#{day} the daily reply-times job reads).
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { ReplyTimesItem, replyExpiryKeys, replyExpiryPartition, replyTimesKey } from './keys.js';
import { expiryDayOf } from './reply-expiry.js';
import { medianReplyMs, type ReplySample } from './rules.js';

const table = () => config.tableName;

/**
 * Rewrites the tutor's samples as `change` says, with their median and expiry day; a concurrent
 * change of the list is read again. Returns the new median (undefined: none).
 */
export async function changeReplySamples(tutorId: string, change: (samples: ReplySample[]) => ReplySample[], now: Date): Promise<number | undefined> {
  for (let attempt = 0; ; attempt++) {
    const raw = (await dynamo().send(new GetCommand({ TableName: table(), Key: replyTimesKey(tutorId), ConsistentRead: true }))).Item;
    const item = raw ? ReplyTimesItem.parse(raw) : { samples: [], version: 0 };
    const samples = change(item.samples);
    const medianMs = medianReplyMs(samples, now);
    try {
      await dynamo().send(new PutCommand({
        TableName: table(),
        Item: {
          ...replyTimesKey(tutorId), entity: 'TutorReplyTimes', samples, ...(medianMs === undefined ? {} : { medianMs }), version: item.version + 1,
          ...replyExpiryKeys(tutorId, expiryDayOf(samples)),
        },
        ConditionExpression: raw ? 'version = :v' : 'attribute_not_exists(pk)',
        ...(raw ? { ExpressionAttributeValues: { ':v': item.version } } : {}),
      }));
      return medianMs;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException' || attempt >= 4) throw error;
    }
  }
}

/** The tutors whose oldest sample expires on `day` (yyyy-mm-dd), a page at a time. */
export async function* tutorsExpiringOn(day: string): AsyncGenerator<string[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: table(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :p', ExpressionAttributeValues: { ':p': replyExpiryPartition(day) },
      ProjectionExpression: 'gsi3sk', ExclusiveStartKey: startKey,
    }));
    yield (out.Items ?? []).map((i) => String(i.gsi3sk));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}
