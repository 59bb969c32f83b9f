/** BatchWrite in chunks of 25, retrying what DynamoDB reports as unprocessed. */
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

export async function batchWrite(tableName: string, requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: WriteRequest[] = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = out.UnprocessedItems?.[tableName] ?? [];
    }
  }
}
