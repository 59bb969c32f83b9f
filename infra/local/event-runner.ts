/**
 * Plays the part of Lambda's SQS event source mapping locally: polls each rule's queue and
 * invokes the consumer handler with an SQS event; messages it reports as failed stay on the
 * queue (and reach the DLQ after maxReceiveCount), the rest are deleted.
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { join } from 'node:path';
import { eventConsumers } from '../definitions.js';
import { lambdaContext, loadHandler } from './lambda-context.js';
import { clientConfig, type LocalResources } from './provision.js';
import { repoRoot } from './settings.js';

export interface EventRunner { stop(): Promise<void> }

export function startEventRunner(resources: LocalResources): EventRunner {
  const sqs = new SQSClient(clientConfig(resources));
  let running = true;
  const loops = eventConsumers.map(async (consumer) => {
    const queueUrl = resources.queues[consumer.name];
    if (!queueUrl) throw new Error(`No queue provisioned for consumer ${consumer.name}`);
    const handler = await loadHandler(join(repoRoot, 'functions'), consumer.handler);
    while (running) {
      try {
        const out = await sqs.send(new ReceiveMessageCommand({
          // Short polls: the emulator runs one call at a time, so a long poll would stall it.
          QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0,
          MessageSystemAttributeNames: ['All'],
        }));
        const messages = out.Messages ?? [];
        if (messages.length === 0) {
          await new Promise((r) => setTimeout(r, 250));
          continue;
        }
        const event: SQSEvent = {
          Records: messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? '',
            attributes: (m.Attributes ?? {}) as unknown as SQSEvent['Records'][number]['attributes'],
            messageAttributes: {},
            md5OfBody: m.MD5OfBody ?? '',
            eventSource: 'aws:sqs',
            eventSourceARN: `arn:aws:sqs:${resources.region}:000000000000:${consumer.name}`,
            awsRegion: resources.region,
          })),
        };
        let failed = new Set(messages.map((m) => m.MessageId!));
        try {
          const result = await handler(event, lambdaContext(consumer.handler)) as SQSBatchResponse | undefined;
          failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (error) {
          console.error(`[events] ${consumer.handler} failed the whole batch`, error);
        }
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length) {
          await sqs.send(new DeleteMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
          }));
        }
      } catch (error) {
        if (running) console.error(`[events] polling ${consumer.name} failed`, error);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.allSettled(loops);
    },
  };
}
