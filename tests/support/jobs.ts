/**
 * Timed jobs run from a test: in this process, through the local schedule runner (the same
 * wrapper and input as on AWS), against the test stack's resources, at a scheduled time the test
 * chooses (a lesson's 24 h mark, its end …) rather than the clock's.
 */
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { schedules } from '../../infra/aws/definitions.js';
import { integrations } from '../../infra/aws/integrations.js';
import { startScheduleRunner } from '../../infra/local/gateway/event-runner.js';
import { clientConfig, handlerEnvironment } from '../../infra/local/emulators/provision.js';
import { localIntegrationEnvironment, sandboxes } from '../../infra/local/sandboxes/index.js';
import { loadSettings } from '../../infra/local/settings.js';
import { stack } from './api.js';

/** This process calls services as the stack's handlers do: same table, bus, e-mail and origin. */
export function useStackEnvironment(): void {
  const { url, resources, sandboxUrls } = stack();
  Object.assign(process.env, handlerEnvironment(resources, { ...loadSettings({}), appOrigin: url }));
  // The outside providers' sandboxes, as the local stack gives its handlers (e.g. refunds from the lessons job).
  for (const { id } of integrations) {
    const sandboxUrl = sandboxUrls[id];
    if (sandboxUrl) Object.assign(process.env, localIntegrationEnvironment(id, { apiUrl: sandboxUrl }, sandboxes[id].secretValue));
  }
}

/**
 * Runs a declared job once as if scheduled at `at`; answers its summary, rejects when it fails.
 * A job that fans work out to queues (definitions `sendsTo`) is done when the stack's workers
 * have taken every message off them.
 */
export async function runJobAt(name: string, at: Date): Promise<Record<string, number>> {
  useStackEnvironment();
  const runner = startScheduleRunner(schedules, { intervalMs: 0 });
  let summary: Record<string, number>;
  try {
    summary = await runner.runNow(name, at) as Record<string, number>;
  } finally {
    await runner.stop();
  }
  for (const queue of schedules.find((job) => job.name === name)?.sendsTo ?? []) await workQueueDrained(queue);
  return summary;
}

/** Waits until a work queue holds no message, visible or being worked on (a failed one comes back after its visibility timeout). */
export async function workQueueDrained(queue: string, timeoutMs = 60_000): Promise<void> {
  const { resources } = stack();
  const queueUrl = resources.queues[queue];
  if (!queueUrl) throw new Error(`No work queue ${queue} in the test stack`);
  const sqs = new SQSClient(clientConfig(resources));
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const { Attributes: a = {} } = await sqs.send(new GetQueueAttributesCommand({
        QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
      }));
      const left = Number(a.ApproximateNumberOfMessages ?? 0) + Number(a.ApproximateNumberOfMessagesNotVisible ?? 0) + Number(a.ApproximateNumberOfMessagesDelayed ?? 0);
      if (left === 0) return;
      if (Date.now() > deadline) throw new Error(`${queue} still holds ${left} messages after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    sqs.destroy();
  }
}

/** Puts one message on a work queue as its job would (a redelivery, or a message sent before the lesson changed). */
export async function sendWork(queue: string, body: object): Promise<void> {
  const { resources } = stack();
  const sqs = new SQSClient(clientConfig(resources));
  try {
    await sqs.send(new SendMessageCommand({ QueueUrl: resources.queues[queue], MessageBody: JSON.stringify(body) }));
  } finally {
    sqs.destroy();
  }
}
