/** Weekly report items (keys.ts): the week's activity markers and the learner's family. */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { ActiveLearner, WEEK_MARKER_KEEP_DAYS, WEEK_SHARDS, weekActiveKey, weekActivePartition, weeklyLearnerKey } from './keys.js';

/** Marks `learner` active in each of `weeks` (and keeps its family by id); the same values every time. */
export async function putActivity(learner: ActiveLearner, weeks: readonly string[], now = new Date()): Promise<void> {
  const values = ActiveLearner.parse(learner);
  const expiresAt = Math.floor(now.getTime() / 1000) + WEEK_MARKER_KEEP_DAYS * 86_400;
  await Promise.all([
    dynamo().send(new PutCommand({ TableName: config.tableName, Item: { ...weeklyLearnerKey(values.ownerId), entity: 'WeeklyLearner', ...values } })),
    ...[...new Set(weeks)].map((week) => dynamo().send(new PutCommand({
      TableName: config.tableName, Item: { ...weekActiveKey(week, values.ownerId), entity: 'WeekActivity', week, ...values, expiresAt },
    }))),
  ]);
}

/** The learners marked active in `week`: one paged Query per shard. */
export async function learnersActiveIn(week: string): Promise<ActiveLearner[]> {
  const shards = await Promise.all(Array.from({ length: WEEK_SHARDS }, async (_, shard) => {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await dynamo().send(new QueryCommand({
        TableName: config.tableName, KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': weekActivePartition(week, shard) }, ExclusiveStartKey: startKey,
      }));
      items.push(...(out.Items ?? []));
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return items.map((item) => ActiveLearner.parse(item));
  }));
  return shards.flat();
}

/** The family of a learner id that ever had activity, or null. */
export async function activeLearner(ownerId: string): Promise<ActiveLearner | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: weeklyLearnerKey(ownerId) }));
  return out.Item ? ActiveLearner.parse(out.Item) : null;
}
