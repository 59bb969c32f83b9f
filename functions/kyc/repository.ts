/**
 * KYC documents in the single table (keys in keys.ts). The pending-documents counter is admin's
 * (admin/keys.ts), moved in the same transaction as the document. Items are parsed when read: a
 * corrupt document fails the request (500) rather than leaving the review queue silently short.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addToPlatformCounters } from '../admin/keys.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { config } from '../shared/config.js';
import { docKey, PENDING_DOCUMENTS_PARTITION, pendingDocumentItem, reviewAuditKey, StoredKycDocument, tutorDocumentsPartition } from './keys.js';

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
          Item: pendingDocumentItem(doc),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Update: { TableName: config.tableName, ...addToPlatformCounters({ pendingKyc: 1 }) } },
    ],
  });
}

export async function getKycDocument(id: string): Promise<StoredKycDocument | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: docKey(id) }));
  return out.Item ? StoredKycDocument.parse(out.Item) : null;
}

/** A tutor's documents, newest first. */
export async function listTutorKycDocuments(tutorId: string): Promise<StoredKycDocument[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': tutorDocumentsPartition(tutorId) }, ScanIndexForward: false,
  }));
  return (out.Items ?? []).map((item) => StoredKycDocument.parse(item));
}

/** Documents awaiting review, newest first, from the sparse pending index. */
export async function listPendingKycDocuments(limit: number): Promise<StoredKycDocument[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': PENDING_DOCUMENTS_PARTITION }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => StoredKycDocument.parse(item));
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
              ...reviewAuditKey(doc.id, at), entity: 'KycReviewAudit', documentId: doc.id, tutorId: doc.tutorId,
              reviewerId, decision, ...(notes ? { notes } : {}), at,
            },
          },
        },
        { Update: { TableName: config.tableName, ...addToPlatformCounters({ pendingKyc: -1 }) } },
      ],
    });
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new AlreadyReviewed();
    throw error;
  }
}
