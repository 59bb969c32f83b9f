/**
 * Work queues (definitions.workQueues): a timed job finds what is due by key and sends one
 * message per piece of work; a worker Lambda reads the queue with bounded concurrency (its event
 * source mapping's maximum concurrency), reports failures per message, and a message that keeps
 * failing reaches the queue's DLQ. Messages are delivered at least once: every worker is
 * idempotent per message (once-only markers, conditional writes).
 */
import type * as z from 'zod';
import { sqs } from './aws/sqs.js';
import { currentCorrelationId } from './correlation.js';
import { sqsBatchHandler } from './sqs-batch.js';
import { workQueueUrlVariable } from './work-queue-url.js';

/** SQS takes at most 10 messages a call; this many calls run at once. */
const BATCH = 10;
const PARALLEL_CALLS = 8;

/** Sends each piece of work as one message; throws when any could not be sent (the job's retry sends again). */
export async function enqueueWork(queue: string, work: readonly object[]): Promise<number> {
  if (!work.length) return 0;
  const name = workQueueUrlVariable(queue);
  const queueUrl = process.env[name];
  if (!queueUrl) throw new Error(`Missing environment variable ${name}`);
  const { client, sdk } = await sqs();
  const correlationId = currentCorrelationId();
  const batches: object[][] = [];
  for (let i = 0; i < work.length; i += BATCH) batches.push(work.slice(i, i + BATCH));
  let next = 0;
  const sender = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const out = await client.send(new sdk.SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((body, i) => ({ Id: String(i), MessageBody: JSON.stringify({ ...body, ...(correlationId ? { correlationId } : {}) }) })),
      }));
      if (out.Failed?.length) throw new Error(`${out.Failed.length} messages could not be sent to ${queue}: ${out.Failed[0]!.Message ?? out.Failed[0]!.Code}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, batches.length) }, sender));
  return work.length;
}

/**
 * The SQS handler of a work queue: each message's body parsed with `schema` and handled under the
 * correlation id its job sent; failures per message, tracing and metrics: sqs-batch.ts.
 */
export function workConsumer<S extends z.ZodType>(name: string, schema: S, handle: (work: z.infer<S>) => Promise<void>) {
  return sqsBatchHandler({
    name,
    annotations: { work: name },
    failure: { log: 'Work failed', keys: { work: name } },
    read: (message) => {
      const body = JSON.parse(message.body) as { correlationId?: unknown };
      const work = schema.parse(body);
      const correlationId = typeof body.correlationId === 'string' ? body.correlationId : message.messageId;
      return { correlationId, run: () => handle(work) };
    },
  });
}
