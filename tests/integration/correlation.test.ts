/**
 * One correlation id from the request to the event to its consumer: the caller's x-correlation-id
 * (or, without one, the id the API made up) comes back in the response header and travels in the
 * detail of the event the request published, which its consumer then handles.
 */
import { randomUUID } from 'node:crypto';
import { DeleteRuleCommand, EventBridgeClient, PutRuleCommand, PutTargetsCommand, RemoveTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, DeleteQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '../../events/index.js';
import { clientConfig } from '../../infra/local/provision.js';
import { api, eventually, sentEmails, stack, uniqueEmail } from '../support/api.js';

const resources = () => stack().resources;
const eventBridge = () => new EventBridgeClient(clientConfig(resources()));
const sqs = () => new SQSClient(clientConfig(resources()));

/** A queue of our own on the bus, beside the welcome-email consumer's: a copy of every UserSignedUp. */
const listener = { name: `correlation-test-${randomUUID().slice(0, 8)}`, queueUrl: '' };
const received: Array<{ detail: { email: string; correlationId?: string } }> = [];

beforeAll(async () => {
  const queue = await sqs().send(new CreateQueueCommand({ QueueName: listener.name }));
  listener.queueUrl = queue.QueueUrl!;
  const attrs = await sqs().send(new GetQueueAttributesCommand({ QueueUrl: listener.queueUrl, AttributeNames: ['QueueArn'] }));
  await eventBridge().send(new PutRuleCommand({
    Name: listener.name, EventBusName: resources().eventBusName, State: 'ENABLED',
    EventPattern: JSON.stringify({ source: [EVENT_SOURCE], 'detail-type': ['UserSignedUp'] }),
  }));
  await eventBridge().send(new PutTargetsCommand({
    Rule: listener.name, EventBusName: resources().eventBusName, Targets: [{ Id: 'queue', Arn: attrs.Attributes!.QueueArn }],
  }));
});

afterAll(async () => {
  await eventBridge().send(new RemoveTargetsCommand({ Rule: listener.name, EventBusName: resources().eventBusName, Ids: ['queue'] }));
  await eventBridge().send(new DeleteRuleCommand({ Name: listener.name, EventBusName: resources().eventBusName }));
  await sqs().send(new DeleteQueueCommand({ QueueUrl: listener.queueUrl }));
});

async function eventFor(email: string) {
  return eventually(async () => {
    const out = await sqs().send(new ReceiveMessageCommand({ QueueUrl: listener.queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    for (const m of out.Messages ?? []) received.push(JSON.parse(m.Body!));
    return received.find((e) => e.detail.email === email);
  });
}

async function signUp(headers: Record<string, string> = {}) {
  const email = uniqueEmail('corr');
  const res = await api('/api/auth/sign-up', {
    method: 'POST', headers,
    body: { accountType: 'student', firstName: 'Wanjiru', lastName: 'Kamau', email, password: 'secret1', phone: '+254 712 000 222', country: 'Kenya' },
  });
  expect(res.status).toBe(201);
  return { email, res };
}

describe('correlation id', () => {
  it('carries the caller\'s x-correlation-id to the response and into the event its consumer handles', async () => {
    const correlationId = `signup-${randomUUID()}`;
    const { email, res } = await signUp({ 'x-correlation-id': correlationId });
    expect(res.headers.get('x-correlation-id')).toBe(correlationId);

    const event = await eventFor(email);
    expect(event.detail.correlationId).toBe(correlationId);
    // The welcome-email consumer handled that same event.
    await eventually(async () => (await sentEmails()).some((m) => m.destinations.ToAddresses.includes(email)));
  });

  it('without one, answers the id it made up, and the event carries that id', async () => {
    const { email, res } = await signUp();
    const made = res.headers.get('x-correlation-id');
    expect(made).toMatch(/^[\w-]{8,}$/);
    expect((await eventFor(email)).detail.correlationId).toBe(made);
  });
});
