/**
 * Plays the part of Lambda's SQS event source mapping locally: polls each rule's queue and
 * invokes the consumer handler with an SQS event (up to the consumer's maxConcurrency batches at once); messages it reports as failed stay on the
 * queue (and reach the DLQ after maxReceiveCount), the rest are deleted. And runs the timed jobs
 * on a timer (startScheduleRunner).
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { JobInvocation } from '../../../functions/shared/job.js';
import { eventConsumers, workQueues, type ScheduledJob } from '../../aws/definitions.js';
import { lambdaContext, loadHandler } from './lambda-context.js';
import { clientConfig, type LocalResources } from '../emulators/provision.js';
import { repoRoot } from '../settings.js';

export interface EventRunner { stop(): Promise<void> }

export function startEventRunner(resources: LocalResources): EventRunner {
  const sqs = new SQSClient(clientConfig(resources));
  let running = true;
  // Work queues' workers too (definitions.workQueues); one poller each, so at most one batch at a time.
  const loops = [...eventConsumers, ...workQueues].map(async (consumer) => {
    const queueUrl = resources.queues[consumer.name];
    if (!queueUrl) throw new Error(`No queue provisioned for consumer ${consumer.name}`);
    const handler = await loadHandler(join(repoRoot, 'functions'), consumer.handler);
    // As the event source mapping's maximum concurrency: up to this many batches in flight, one poller.
    const inFlight = new Set<Promise<void>>();
    const limit = consumer.maxConcurrency ?? 1;
    const handle = async (messages: Message[]) => {
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
    };
    while (running) {
      try {
        if (inFlight.size >= limit) {
          await Promise.race(inFlight);
          continue;
        }
        const out = await sqs.send(new ReceiveMessageCommand({
          // Short polls: the emulator runs one call at a time, so a long poll would stall it.
          QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0,
          MessageSystemAttributeNames: ['All'],
        }));
        const messages = out.Messages ?? [];
        if (messages.length === 0) {
          await Promise.race([new Promise((r) => setTimeout(r, 250)), ...inFlight]);
          continue;
        }
        const batch: Promise<void> = handle(messages)
          .catch((error: unknown) => { if (running) console.error(`[events] deleting ${consumer.name} messages failed`, error); })
          .finally(() => inFlight.delete(batch));
        inFlight.add(batch);
      } catch (error) {
        if (running) console.error(`[events] polling ${consumer.name} failed`, error);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    await Promise.allSettled(inFlight);
  });
  return {
    async stop() {
      running = false;
      await Promise.allSettled(loops);
    },
  };
}

export interface ScheduleRunner {
  /**
   * Runs the job at once (tests, or a developer who wants a run now); rejects when it fails.
   * `scheduledTime` (default now) is the time the run works from, as a schedule's would be.
   */
  runNow(name: string, scheduledTime?: Date): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Plays EventBridge Scheduler locally: every `intervalMs` (ALP_SCHEDULE_INTERVAL_MS; 0 = only on
 * demand) each `rate(…)` job of definitions.schedules runs once, however long its rate, with the
 * input its schedule sends on AWS. A job never overlaps itself: a tick while it runs is skipped.
 * Calendar (`cron(…)`) jobs run only on demand: squeezed into every minute, "Mondays 09:00" would
 * change what a user sees (the weekly payout would pay a tutor a minute after they add their
 * M-Pesa number, before they can press Withdraw).
 */
export function startScheduleRunner(jobs: readonly ScheduledJob[], { intervalMs }: { intervalMs: number }): ScheduleRunner {
  const running = new Map<string, Promise<unknown>>();
  const run = (job: ScheduledJob, scheduledTime = new Date()): Promise<unknown> => {
    const pending = (async () => {
      const handler = await loadHandler(join(repoRoot, 'functions'), job.handler);
      const input: JobInvocation = { job: job.name, scheduledTime: scheduledTime.toISOString(), executionId: randomUUID() };
      return handler(input, lambdaContext(job.handler, 60_000));
    })();
    const settled = pending.catch(() => undefined).finally(() => running.delete(job.name));
    running.set(job.name, settled);
    return pending;
  };
  const onTimer = jobs.filter((job) => job.expression.startsWith('rate('));
  const timer = intervalMs > 0 ? setInterval(() => {
    for (const job of onTimer) {
      if (running.has(job.name)) continue;
      run(job).catch((error: unknown) => console.error(`[jobs] ${job.name} failed`, error));
    }
  }, intervalMs) : undefined;
  return {
    async runNow(name, scheduledTime) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`No timed job ${name} (definitions.schedules)`);
      await running.get(name);
      return run(job, scheduledTime);
    },
    async stop() {
      clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}
