/** Reads and writes of a tutor's payout recipient (keys.ts); the only code that touches that item. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { PayoutRecipient, payoutRecipientItem, payoutRecipientKey } from './keys.js';

export async function getPayoutRecipient(tutorId: string): Promise<PayoutRecipient | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: payoutRecipientKey(tutorId), ConsistentRead: true }));
  return out.Item ? PayoutRecipient.parse(out.Item) : null;
}

/** Replaces the tutor's recipient (one per tutor: a change overwrites the old one). */
export async function putPayoutRecipient(recipient: PayoutRecipient): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: payoutRecipientItem(recipient) }));
}
