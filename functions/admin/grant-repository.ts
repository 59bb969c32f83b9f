/** Super admin grants (grant-keys.ts): each change of a grant is written with its audit record, together. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { AdminGrantItem, adminGrantItem, adminGrantKey, grantAuditItem } from './grant-keys.js';
import { MAX_CODE_ATTEMPTS, type AdminGrant } from './grant-rules.js';

const TableName = () => config.tableName;

export async function getAdminGrant(userId: string): Promise<AdminGrant | null> {
  const out = await dynamo().send(new GetCommand({ TableName: TableName(), Key: adminGrantKey(userId), ConsistentRead: true }));
  return out.Item ? AdminGrantItem.parse(out.Item) : null;
}

/** A new grant replaces any earlier one (a re-issue starts over with a new code). */
export async function putAdminGrant(grant: AdminGrant): Promise<void> {
  await transactWrite({
    TransactItems: [
      { Put: { TableName: TableName(), Item: adminGrantItem(grant) } },
      { Put: { TableName: TableName(), Item: grantAuditItem(grant.userId, 'issued', grant.grantedBy, grant.grantedAt) } },
    ],
  });
}

const isConditionFailure = (error: unknown) =>
  (error as Error).name === 'ConditionalCheckFailedException' || cancellationCodes(error).includes('ConditionalCheckFailed');

/** pending → `to`, with its audit record; false when the grant was not pending any more (or its code changed). */
async function closeGrant(
  grant: AdminGrant, to: 'used' | 'revoked', by: string, at: string, extra: Record<string, string>, condition = '',
): Promise<boolean> {
  const names = Object.keys(extra);
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: TableName(), Key: adminGrantKey(grant.userId),
            UpdateExpression: `SET #status = :to${names.map((n) => `, ${n} = :${n}`).join('')}`,
            ConditionExpression: `#status = :pending AND codeHash = :hash${condition}`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':to': to, ':pending': 'pending', ':hash': grant.codeHash,
              ...Object.fromEntries(names.map((n) => [`:${n}`, extra[n]])),
              ...(condition ? { ':max': MAX_CODE_ATTEMPTS, ':now': at } : {}),
            },
          },
        },
        { Put: { TableName: TableName(), Item: grantAuditItem(grant.userId, to === 'used' ? 'completed' : 'revoked', by, at) } },
      ],
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Claims the grant once: only one completion ever passes, and only while it is pending, unexpired and unlocked. */
export const markGrantUsed = (grant: AdminGrant, at: string) =>
  closeGrant(grant, 'used', grant.userId, at, { usedAt: at }, ' AND attempts < :max AND expiresAt > :now');

export const markGrantRevoked = (grant: AdminGrant, by: string, at: string) =>
  closeGrant(grant, 'revoked', by, at, { revokedAt: at, revokedBy: by });

/** One more wrong code on this very grant (not on a newer one that replaced it). */
export async function countWrongCode(grant: AdminGrant): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: TableName(), Key: adminGrantKey(grant.userId),
    UpdateExpression: 'ADD attempts :one',
    ConditionExpression: 'codeHash = :hash',
    ExpressionAttributeValues: { ':one': 1, ':hash': grant.codeHash },
  })).catch((error: Error) => {
    if (!isConditionFailure(error)) throw error;
  });
}
