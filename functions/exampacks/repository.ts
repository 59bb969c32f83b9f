/** Exam-pack items (keys in keys.ts). Items are parsed when read. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../shared/batch.js';
import { config } from '../shared/config.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { examPackKey, StoredExamPack } from './keys.js';

/** Records the stored file of a pack; a re-publish keeps the download count. */
export async function saveExamPackFile(pack: Omit<StoredExamPack, 'downloads'>): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: examPackKey(pack.id),
    UpdateExpression: 'SET entity = :entity, id = :id, fileName = :fileName, storageKey = :storageKey, '
      + 'sizeBytes = :sizeBytes, updatedAt = :updatedAt, downloads = if_not_exists(downloads, :zero)',
    ExpressionAttributeValues: {
      ':entity': 'ExamPack', ':id': pack.id, ':fileName': pack.fileName, ':storageKey': pack.storageKey,
      ':sizeBytes': pack.sizeBytes, ':updatedAt': pack.updatedAt, ':zero': 0,
    },
  }));
}

export async function getExamPacks(packIds: readonly string[]): Promise<StoredExamPack[]> {
  const items = await batchGet(config.tableName, packIds.map(examPackKey));
  return items.map((i) => StoredExamPack.parse(i));
}

/** One more download, atomically; null when the pack has no stored file. */
export async function countDownload(packId: string): Promise<StoredExamPack | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: examPackKey(packId),
      UpdateExpression: 'ADD downloads :one', ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'ALL_NEW',
    }));
    return StoredExamPack.parse(out.Attributes);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}
