/**
 * KYC documents in the single table:
 *   document  pk KYCDOC#{id}  sk KYCDOC        gsi2 TUTORKYC#{tutorId} / {submittedAt}#{id}   (a tutor's documents)
 *                                              gsi1 KYC#pending / {submittedAt}#{id}           (only while pending)
 *   audit     pk KYCDOC#{id}  sk AUDIT#{at}    reviewer, decision, notes (one per review, kept)
 * The file itself is private in S3 under kyc/{tutorId}/{timestamp}_{name} (storageKey).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { platformStatsKey, profileKey } from '../profiles/repository.js';
import { dynamo } from '../shared/aws.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { config } from '../shared/config.js';
import type { KycDocument } from './contract.js';

export interface StoredKycDocument extends Omit<KycDocument, 'fileUrl'> {
  storageKey: string;
  tutorFirstName: string;
  tutorLastName: string;
  reviewerId?: string;
}

const docKey = (id: string) => ({ pk: `KYCDOC#${id}`, sk: 'KYCDOC' });

function toDoc(item: Record<string, unknown>): StoredKycDocument {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, entity: _g, ...rest } = item;
  return rest as unknown as StoredKycDocument;
}

/** The document already exists (the same upload was registered before, or at the same time). */
export class DocumentExists extends Error {}

/**
 * Writes a new pending document and counts it, once per id (DocumentExists otherwise). A
 * concurrent registration of the same upload either fails the condition or, cancelled for a
 * conflict past transactWrite's retries, has its document written by the other one.
 */
export async function createKycDocument(doc: StoredKycDocument): Promise<void> {
  try {
    await putNewKycDocument(doc);
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed' || await getKycDocument(doc.id)) throw new DocumentExists();
    throw error;
  }
}

async function putNewKycDocument(doc: StoredKycDocument): Promise<void> {
  await transactWrite({
    TransactItems: [
      {
        Put: {
          TableName: config.tableName,
          Item: {
            ...docKey(doc.id), entity: 'KycDocument', ...doc,
            gsi2pk: `TUTORKYC#${doc.tutorId}`, gsi2sk: `${doc.submittedAt}#${doc.id}`,
            gsi1pk: 'KYC#pending', gsi1sk: `${doc.submittedAt}#${doc.id}`,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: config.tableName, Key: platformStatsKey,
          UpdateExpression: 'ADD pendingKyc :one', ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ],
  });
}

export async function getKycDocument(id: string): Promise<StoredKycDocument | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: docKey(id) }));
  return out.Item ? toDoc(out.Item) : null;
}

/** A tutor's documents, newest first. */
export async function listTutorKycDocuments(tutorId: string): Promise<StoredKycDocument[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': `TUTORKYC#${tutorId}` }, ScanIndexForward: false,
  }));
  return (out.Items ?? []).map(toDoc);
}

/** Documents awaiting review, newest first (spec §7), from the sparse pending index. */
export async function listPendingKycDocuments(limit: number): Promise<StoredKycDocument[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'KYC#pending' }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map(toDoc);
}

export class AlreadyReviewed extends Error {}

/** Records a decision on a pending document, with its audit record, exactly once. */
export async function recordReview(
  doc: StoredKycDocument, decision: 'approved' | 'rejected', notes: string | undefined, reviewerId: string, at: string,
): Promise<void> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName, Key: docKey(doc.id),
            UpdateExpression: `SET #s = :d, reviewedAt = :at, reviewerId = :r${notes ? ', notes = :n' : ''} REMOVE gsi1pk, gsi1sk`,
            ConditionExpression: '#s = :pending',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':d': decision, ':at': at, ':r': reviewerId, ':pending': 'pending', ...(notes ? { ':n': notes } : {}) },
          },
        },
        {
          Put: {
            TableName: config.tableName,
            Item: {
              pk: `KYCDOC#${doc.id}`, sk: `AUDIT#${at}`, entity: 'KycReviewAudit', documentId: doc.id, tutorId: doc.tutorId,
              reviewerId, decision, ...(notes ? { notes } : {}), at,
            },
          },
        },
        {
          Update: {
            TableName: config.tableName, Key: platformStatsKey,
            UpdateExpression: 'ADD pendingKyc :minus', ExpressionAttributeValues: { ':minus': -1 },
          },
        },
      ],
    });
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new AlreadyReviewed();
    throw error;
  }
}

/** The review trail of a document, oldest first. */
export async function reviewAudit(documentId: string): Promise<Array<{ reviewerId: string; decision: string; notes?: string; at: string }>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)',
    ExpressionAttributeValues: { ':pk': `KYCDOC#${documentId}`, ':a': 'AUDIT#' },
  }));
  return (out.Items ?? []).map((i) => ({ reviewerId: i.reviewerId, decision: i.decision, notes: i.notes, at: i.at }));
}

/** Marks the tutor verified; false when already verified (so only one caller announces it). */
export async function approveTutorProfile(tutorId: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: profileKey(tutorId),
      UpdateExpression: 'SET kycStatus = :approved',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(kycStatus) OR kycStatus <> :approved)',
      ExpressionAttributeValues: { ':approved': 'approved' },
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
