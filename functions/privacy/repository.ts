/**
 * The only code that reads or writes privacy items (keys.ts), and the walk's raw reads and
 * changes of other domains' items by the keys their keys.ts declare: an export must see every
 * item as stored and a deletion must reach every item that names the person, which no domain's
 * service offers item by item. Every read is a Query of one partition or one index partition
 * (the user's own), never a Scan: the work grows with the user's items only.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { s3 } from '../shared/aws/s3.js';
import { batchWrite } from '../shared/batch.js';
import { config } from '../shared/config.js';
import { transactWrite } from '../shared/transact.js';
import { inboxChanged, sideKey, type Side } from '../conversations/keys.js';
import {
  AUDIT_PARTITION, AuditItem, auditItem, DeletionJobItem, deletionJobKey, ExportJobItem, exportJobKey, type WalkStep,
} from './keys.js';

export type StoredItem = Record<string, unknown> & { pk: string; sk: string };

/** Every item of one partition, or of one index partition, all pages. */
export async function readStep(step: WalkStep): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  const input: QueryCommandInput = 'index' in step
    ? { TableName: config.tableName, IndexName: step.index, KeyConditionExpression: `${step.index}pk = :p`, ExpressionAttributeValues: { ':p': step.partition } }
    : { TableName: config.tableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': step.partition }, ConsistentRead: true };
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }));
    items.push(...(out.Items ?? []) as StoredItem[]);
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function getItem(key: { pk: string; sk: string }): Promise<StoredItem | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
  return (out.Item as StoredItem | undefined) ?? null;
}

export async function deleteItems(keys: Array<{ pk: string; sk: string }>): Promise<void> {
  await batchWrite(config.tableName, keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
}

/** Replaces name attributes and removes contacts of a kept item, only if it is still there (never recreates one). */
export async function pseudonymiseItem(key: { pk: string; sk: string }, change: { set: Record<string, string>; remove: string[] }): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, string> = {};
  const sets = Object.entries(change.set).map(([name, value], i) => { names[`#s${i}`] = name; values[`:s${i}`] = value; return `#s${i} = :s${i}`; });
  const removes = change.remove.map((name, i) => { names[`#r${i}`] = name; return `#r${i}`; });
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: { pk: key.pk, sk: key.sk },
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim(),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ...(sets.length ? { ExpressionAttributeValues: values } : {}),
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * A conversation one party of which deleted their account: it names them `replacement`, counts
 * them as blocking (nothing more is sent to nobody) and waits for no reply. Only if it is there.
 */
export async function closeConversationOfDeleted(conversation: StoredItem, side: Side, replacement: string, blockedBy: Side[]): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: { pk: conversation.pk, sk: conversation.sk },
      UpdateExpression: 'SET #name = :r, blockedBy = :b REMOVE awaitingReplySince',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': `${side}Name` },
      ExpressionAttributeValues: { ':r': replacement, ':b': blockedBy },
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * The remaining party's side once the chat history went: no preview, nothing unread, and their
 * inbox's unread total down by what was unread here (its version moves: their page refreshes).
 * Only while `unread` is still what was read: a second run changes nothing.
 */
export async function clearConversationSide(side: StoredItem, unread: number): Promise<void> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName, Key: sideKey(String(side.conversationId), side.side as Side),
            UpdateExpression: 'SET unread = :zero REMOVE preview',
            ConditionExpression: 'attribute_exists(pk) AND unread = :was',
            ExpressionAttributeValues: { ':zero': 0, ':was': unread },
          },
        },
        { Update: { TableName: config.tableName, ...inboxChanged(String(side.ownerId), -unread).Update } },
      ],
    });
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
  }
}

// ---- Jobs ----

/**
 * Starts an export unless one is running (younger than `staleBefore`): 'started' with the new job,
 * or 'running' with the one in progress. One conditional Put: two clicks start one job.
 */
export async function startExportJob(job: ExportJobItem, staleBefore: string): Promise<{ outcome: 'started' | 'running'; job: ExportJobItem }> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName,
      Item: { ...exportJobKey(job.userId), entity: 'PrivacyExport', ...job },
      ConditionExpression: 'attribute_not_exists(pk) OR #s <> :running OR requestedAt < :stale',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':running': 'running', ':stale': staleBefore },
    }));
    return { outcome: 'started', job };
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return { outcome: 'running', job: (await getExportJob(job.userId))! };
  }
}

export async function getExportJob(userId: string): Promise<ExportJobItem | null> {
  const item = await getItem(exportJobKey(userId));
  return item ? ExportJobItem.parse(item) : null;
}

/** The export of the request that started it is ready (a later request's job is left alone). */
export async function finishExportJob(userId: string, requestedAt: string, result: { archiveKey: string; readyAt: string; itemCount: number }): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: exportJobKey(userId),
      UpdateExpression: 'SET #s = :ready, archiveKey = :k, readyAt = :at, itemCount = :n',
      ConditionExpression: 'requestedAt = :req',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':ready': 'ready', ':k': result.archiveKey, ':at': result.readyAt, ':n': result.itemCount, ':req': requestedAt },
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export async function putDeletionJob(job: DeletionJobItem): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: { ...deletionJobKey(job.userId, job.target), entity: 'PrivacyDeletion', ...job } }));
}

export async function getDeletionJob(userId: string, target: string): Promise<DeletionJobItem | null> {
  const item = await getItem(deletionJobKey(userId, target));
  return item ? DeletionJobItem.parse(item) : null;
}

export async function deleteDeletionJob(userId: string, target: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: deletionJobKey(userId, target) }));
}

// ---- Audit ----

/** Written once per audit id (a redelivered job writes the same id: no second record). */
export async function putAudit(audit: AuditItem): Promise<void> {
  try {
    await dynamo().send(new PutCommand({ TableName: config.tableName, Item: auditItem(audit), ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** The newest audit records first, at most `limit`. */
export async function latestAudits(limit: number): Promise<AuditItem[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': AUDIT_PARTITION }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => AuditItem.parse(item));
}

// ---- Files ----

/** Keys of every object under a prefix (a user's own prefix: bounded by what they uploaded). */
export async function listObjects(prefix: string): Promise<string[]> {
  const { client, sdk } = await s3();
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await client.send(new sdk.ListObjectsV2Command({ Bucket: config.uploadsBucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
    keys.push(...(out.Contents ?? []).map((o) => o.Key!).filter(Boolean));
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export async function deleteObjects(keys: string[]): Promise<void> {
  const { client, sdk } = await s3();
  for (let i = 0; i < keys.length; i += 1000) {
    await client.send(new sdk.DeleteObjectsCommand({ Bucket: config.uploadsBucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
  }
}
