/** Certificates in the single table (keys.ts). Items are parsed when read. */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import {
  ALL_CERTIFICATES_PARTITION, AdminListKey, CertificateFor, certificateAuditKey, certificateForItem, certificateForKey,
  certificateItem, certificateKey, StoredCertificate, studentCertificatesPartition,
} from './keys.js';

const TableName = () => config.tableName;

/** The code was already used by another certificate (60 random bits: practically never). */
export class CodeTaken extends Error {}

/**
 * Issues once per student and course: the marker and the certificate in one transaction.
 * `existing` is the code issued before when the marker was already there.
 */
export async function putCertificateOnce(cert: StoredCertificate): Promise<{ created: true } | { created: false; existing: string }> {
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: TableName(), Item: certificateForItem(cert), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: TableName(), Item: certificateItem(cert), ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
    return { created: true };
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') {
      const out = await dynamo().send(new GetCommand({
        TableName: TableName(), Key: certificateForKey(cert.studentId, cert.courseId), ConsistentRead: true,
      }));
      return { created: false, existing: CertificateFor.parse(out.Item).code };
    }
    if (codes[1] === 'ConditionalCheckFailed') throw new CodeTaken();
    throw error;
  }
}

export async function getCertificate(code: string): Promise<StoredCertificate | null> {
  const out = await dynamo().send(new GetCommand({ TableName: TableName(), Key: certificateKey(code), ConsistentRead: true }));
  return out.Item ? StoredCertificate.parse(out.Item) : null;
}

export async function setAnnounced(code: string, at: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: TableName(), Key: certificateKey(code),
    UpdateExpression: 'SET announcedAt = if_not_exists(announcedAt, :at)', ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at },
  }));
}

/** A student's certificates, newest first (one Query; a learner with more than `limit` sees the newest). */
export async function listStudentCertificates(studentId: string, limit = 100): Promise<StoredCertificate[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: TableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': studentCertificatesPartition(studentId) }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((i) => StoredCertificate.parse(i));
}

/** Every certificate, newest first, a page at a time (super admin). */
export async function listAllCertificates(limit: number, startKey?: AdminListKey): Promise<{ certificates: StoredCertificate[]; lastKey?: AdminListKey }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: TableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': ALL_CERTIFICATES_PARTITION }, ScanIndexForward: false, Limit: limit,
    ExclusiveStartKey: startKey,
  }));
  return {
    certificates: (out.Items ?? []).map((i) => StoredCertificate.parse(i)),
    ...(out.LastEvaluatedKey ? { lastKey: AdminListKey.parse(out.LastEvaluatedKey) } : {}),
  };
}

/** Valid → revoked with its audit record, together; false when it was not valid any more. */
export async function revokeCertificateRecord(code: string, audit: { by: string; reason: string; at: string }): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: TableName(), Key: certificateKey(code),
            UpdateExpression: 'SET #status = :revoked, revokedAt = :at, revokedBy = :by, revokeReason = :reason',
            ConditionExpression: '#status = :valid',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':revoked': 'revoked', ':valid': 'valid', ':at': audit.at, ':by': audit.by, ':reason': audit.reason },
          },
        },
        {
          Put: {
            TableName: TableName(), ConditionExpression: 'attribute_not_exists(pk)',
            Item: { ...certificateAuditKey(code, audit.at), entity: 'CertificateAudit', action: 'revoked', ...audit },
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
