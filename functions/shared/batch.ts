/** BatchWrite in chunks of 25 and BatchGet in chunks of 100, retrying what DynamoDB reports as unprocessed. */
import { BatchGetCommand, BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws/dynamo.js';

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

type Key = Record<string, unknown>;

/** The items with these keys (absent ones are missing from the result, order not kept). */
export async function batchGet(tableName: string, keys: Key[]): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Key[] = keys.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }));
      items.push(...(out.Responses?.[tableName] ?? []));
      pending = (out.UnprocessedKeys?.[tableName]?.Keys ?? []) as Key[];
    }
  }
  return items;
}
