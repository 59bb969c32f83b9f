/**
 * Reads and writes of payout items (keys.ts). A payout is created and settled only together with
 * its ledger entry (functions/ledger recordPayoutMove, with payoutPut/payoutUpdate); what is
 * written here alone is what the transfer call answered.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { Payout, payoutStatusPartition, payoutUpdate, tutorPayoutsPartition, type PayoutStatus } from './keys.js';
import { payoutKey } from './keys.js';

const T = () => config.tableName;

export async function getPayout(reference: string): Promise<Payout | null> {
  const out = await dynamo().send(new GetCommand({ TableName: T(), Key: payoutKey(reference), ConsistentRead: true }));
  return out.Item ? Payout.parse(out.Item) : null;
}

/** A tutor's payouts, newest first. */
export async function tutorPayouts(tutorId: string, limit: number): Promise<Payout[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: T(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': tutorPayoutsPartition(tutorId) }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => Payout.parse(item));
}

/** Payouts in one status, newest first (at most `limit`). */
export async function payoutsByStatus(status: PayoutStatus, limit: number): Promise<Payout[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: T(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': payoutStatusPartition(status) }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => Payout.parse(item));
}

/**
 * Records what the transfer call answered on a payout still processing in the same attempt
 * (a webhook may have settled it meanwhile: then nothing is written). Null when it moved on.
 */
export async function updateProcessingPayout(payout: Payout, changes: Partial<Payout>, clear: Array<keyof Payout>): Promise<Payout | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({ TableName: T(), ...payoutUpdate(payout, 'processing', changes, clear).Update, ReturnValues: 'ALL_NEW' }));
    return Payout.parse(out.Attributes);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}
