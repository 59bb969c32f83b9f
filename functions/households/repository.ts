/** The only code that reads or writes household items (keys.ts). */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import {
  householdPartition, LEARNER_PREFIX, learnerAdded, learnerChanged, LearnerItem, learnerKey, learnerRemoved, loginLinked, loginUnlinked,
  pairingCreated, PairingItem, pairingKey, profileUnlinked, CONSENT_PREFIX, ConsentItem,
  approvalDeclined, approvalGranted, approvalLinkIssued, approvalRequestKey, ApprovalRequestItem, approvalRequestOpened, approvalTokenKey,
  ApprovalTokenItem,
} from './keys.js';
import type { Consent } from './consent.js';

type TransactItem = { Put?: object; Update?: object; Delete?: object };
/** keys.ts builds items without the table name; every one gets it here. */
const inTable = (items: readonly TransactItem[]) => items.map((item) => Object.fromEntries(
  Object.entries(item).map(([kind, op]) => [kind, { TableName: config.tableName, ...op }]),
)) as NonNullable<Parameters<typeof transactWrite>[0]['TransactItems']>;

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
    await transactWrite({ TransactItems: inTable(learnerAdded(learner)) });
    return 'added';
  } catch (error) {
    // The learner's Put (a retried add finds it there), the consent, the household's count.
    const [learnerCode, , countCode] = cancellationCodes(error);
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

/**
 * False when the household has no such learner (nothing changed then). A learner with a login
 * takes the link off the user's profile in the same transaction: no profile points at a child
 * that is gone.
 */
export async function removeLearner(parentId: string, learnerId: string): Promise<boolean> {
  const learner = await getLearner(parentId, learnerId);
  if (!learner) return false;
  try {
    const [gone, count] = learnerRemoved(parentId, learnerId);
    const { userId } = learner;
    const unlink = userId ? [profileUnlinked(userId, learnerId)] : [];
    const linkedAsRead = userId
      ? { ConditionExpression: 'attribute_exists(pk) AND userId = :u', ExpressionAttributeValues: { ':u': userId } }
      : { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId)' };
    await transactWrite({ TransactItems: inTable([{ Delete: { ...gone.Delete, ...linkedAsRead } }, count, ...unlink]) });
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** 'created'; 'changed' when the learner's code or login changed meanwhile, or it is gone (nothing written then). */
export async function createPairingCode(pairing: PairingItem, previousCode: string | undefined): Promise<'created' | 'changed'> {
  try {
    await transactWrite({ TransactItems: inTable(pairingCreated(pairing, previousCode)) });
    return 'created';
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return 'changed';
    throw error;
  }
}

export async function getPairing(code: string): Promise<PairingItem | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: pairingKey(code), ConsistentRead: true }));
  return out.Item ? PairingItem.parse(out.Item) : null;
}

/** Why a link was not written: the code (used, expired, replaced), the learner (has a login), or the user (not a free student). */
export type LinkRefusal = 'code' | 'learner' | 'user';

export async function linkLogin(pairing: PairingItem, userId: string, now: Date): Promise<LinkRefusal | null> {
  try {
    await transactWrite({ TransactItems: inTable(loginLinked(pairing, userId, Math.floor(now.getTime() / 1000), now.toISOString())) });
    return null;
  } catch (error) {
    const [code, learner, user] = cancellationCodes(error).map((c) => c === 'ConditionalCheckFailed');
    if (code) return 'code';
    if (user) return 'user';
    if (learner) return 'learner';
    throw error;
  }
}

/** False when that learner is not linked to that user (any more). */
export async function unlinkLogin(parentId: string, learnerId: string, userId: string, now: Date): Promise<boolean> {
  try {
    await transactWrite({ TransactItems: inTable(loginUnlinked(parentId, learnerId, userId, now.toISOString())) });
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** Every consent record of a household (one per learner it has had: at most a few pages), oldest first. */
export async function householdConsents(parentId: string): Promise<Consent[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :p AND begins_with(sk, :c)',
    ExpressionAttributeValues: { ':p': householdPartition(parentId), ':c': CONSENT_PREFIX },
    ConsistentRead: true,
  }));
  return (out.Items ?? []).map((i) => ConsentItem.parse(i)).sort((a, b) => a.consentedAt.localeCompare(b.consentedAt));
}

/** False when the student has a request already (a retried sign-up step: nothing written). */
export async function openApprovalRequest(request: ApprovalRequestItem): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: config.tableName, ...approvalRequestOpened(request) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function getApprovalRequest(studentId: string): Promise<ApprovalRequestItem | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: approvalRequestKey(studentId), ConsistentRead: true }));
  return out.Item ? ApprovalRequestItem.parse(out.Item) : null;
}

/** The student a link's token is for, or null for a token that is not (or no longer) stored. */
export async function getApprovalToken(tokenHash: string): Promise<{ studentId: string; expiresAt: number } | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: approvalTokenKey(tokenHash), ConsistentRead: true }));
  return out.Item ? ApprovalTokenItem.parse(out.Item) : null;
}

/** False when the request was approved or given another link meanwhile (nothing written then). */
export async function issueApprovalLink(studentId: string, tokenHash: string, expiresAt: number, previousHash: string | undefined, at: string): Promise<boolean> {
  try {
    await transactWrite({ TransactItems: inTable(approvalLinkIssued(studentId, tokenHash, expiresAt, previousHash, at)) });
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** Why an approval was not written: the link (used, replaced, expired), the household (full), the student (in a family already). */
export type ApprovalRefusal = 'link' | 'limit' | 'student';

export async function grantApproval(learner: LearnerItem & { userId: string }, tokenHash: string, now: Date): Promise<ApprovalRefusal | null> {
  try {
    await transactWrite({ TransactItems: inTable(approvalGranted(learner, tokenHash, Math.floor(now.getTime() / 1000))) });
    return null;
  } catch (error) {
    // The request, the learner's Put, the consent, the household's count, the profile.
    const [request, learnerPut, , count, profile] = cancellationCodes(error).map((c) => c === 'ConditionalCheckFailed');
    if (request || learnerPut) return 'link';
    if (count) return 'limit';
    if (profile) return 'student';
    throw error;
  }
}

/** False when the link is not the request's live one (used, replaced or expired). */
export async function declineApproval(studentId: string, tokenHash: string, now: Date): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...approvalDeclined(studentId, tokenHash, Math.floor(now.getTime() / 1000), now.toISOString()) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
