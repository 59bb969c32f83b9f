/**
 * Additions made once per occurrence although their event may arrive more than once (SQS
 * delivers at least once): a marker Put, first in the transaction that adds, fails its condition
 * on a redelivery and cancels the addition with it. So a counter kept outside the user's
 * transaction stays exact.
 *   pk COUNTED#{what}#{id}  sk COUNTED  countedAt, expiresAt (TTL)
 */
import { cancellationCodes, transactWrite } from './transact.js';
import { config } from './config.js';

/** Far longer than any redelivery (SQS keeps a message 14 days at most). */
const COUNTED_TTL_SECONDS = 30 * 86_400;

export const countedKey = (what: string, id: string) => ({ pk: `COUNTED#${what}#${id}`, sk: 'COUNTED' });

/** An Update of a transaction (without TableName). */
export interface CounterUpdate { Key: Record<string, unknown>; UpdateExpression: string; [more: string]: unknown }

/** Applies `updates` once for the occurrence `what`/`id`; false when it was already counted. */
export async function addOnce(what: string, id: string, updates: readonly CounterUpdate[], now = new Date()): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...countedKey(what, id), entity: 'CountedOccurrence', countedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + COUNTED_TTL_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...updates.map((update) => ({ Update: { TableName: config.tableName, ...update } })),
      ],
    });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException' && cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
