/** Exam-pack items (keys in keys.ts). Items are parsed when read. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../shared/batch.js';
import { config } from '../shared/config.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { countedDownloadKey, examPackKey, StoredExamPack } from './keys.js';

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

/**
 * One more download unless this downloader was already counted today: the day's marker is claimed
 * first (a repeat, or a retry, finds it and counts nothing), then the count is one atomic ADD. Not
 * one transaction: every download of a pack would conflict on the pack's item. The pack as it is
 * after, or null when the pack has no stored file.
 */
export async function countDownloadOnce(packId: string, day: string, downloader: string, expiresAt: number): Promise<StoredExamPack | null> {
  const marker = countedDownloadKey(packId, day, downloader);
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName, Item: { ...marker, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: examPackKey(packId) }));
    return out.Item ? StoredExamPack.parse(out.Item) : null;
  }
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: examPackKey(packId),
      UpdateExpression: 'ADD downloads :one', ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'ALL_NEW',
    }));
    return StoredExamPack.parse(out.Attributes);
  } catch (error) {
    // Not counted: free the marker so the next download counts.
    await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: marker }));
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}
