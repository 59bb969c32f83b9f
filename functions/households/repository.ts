/** The only code that reads or writes household items (keys.ts). */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { householdPartition, LEARNER_PREFIX, learnerAdded, learnerChanged, LearnerItem, learnerKey, learnerRemoved } from './keys.js';

/** Every learner of a household (at most MAX_LEARNERS: one Query page), oldest first. */
export async function householdLearners(parentId: string): Promise<LearnerItem[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :p AND begins_with(sk, :l)',
    ExpressionAttributeValues: { ':p': householdPartition(parentId), ':l': LEARNER_PREFIX },
    ConsistentRead: true,
  }));
  return (out.Items ?? []).map((i) => LearnerItem.parse(i)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getLearner(parentId: string, learnerId: string): Promise<LearnerItem | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: learnerKey(parentId, learnerId), ConsistentRead: true }));
  return out.Item ? LearnerItem.parse(out.Item) : null;
}

/**
 * 'added'; 'exists' when a learner with this id is there already (the same add request again:
 * nothing written, the count unchanged); 'limit' when the household is full (nothing written).
 */
export async function addLearner(learner: LearnerItem): Promise<'added' | 'exists' | 'limit'> {
  try {
    const [put, count] = learnerAdded(learner);
    await transactWrite({ TransactItems: [{ Put: { TableName: config.tableName, ...put.Put } }, { Update: { TableName: config.tableName, ...count.Update } }] });
    return 'added';
  } catch (error) {
    const [learnerCode, countCode] = cancellationCodes(error);
    if (learnerCode === 'ConditionalCheckFailed') return 'exists';
    if (countCode === 'ConditionalCheckFailed') return 'limit';
    throw error;
  }
}

/** The learner as changed, or null when the household has no such learner. */
export async function changeLearner(learner: Omit<LearnerItem, 'createdAt'>): Promise<LearnerItem | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...learnerChanged(learner), ReturnValues: 'ALL_NEW' }));
    return LearnerItem.parse(out.Attributes);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** False when the household has no such learner (nothing changed then). */
export async function removeLearner(parentId: string, learnerId: string): Promise<boolean> {
  try {
    const [gone, count] = learnerRemoved(parentId, learnerId);
    await transactWrite({ TransactItems: [{ Delete: { TableName: config.tableName, ...gone.Delete } }, { Update: { TableName: config.tableName, ...count.Update } }] });
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
