/**
 * One correlation id from the request to the event to its consumer: the caller's x-correlation-id
 * (or, without one, the id the API made up) comes back in the response header and travels in the
 * detail of the event the request published, which its consumer then handles.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, sentEmails, uniqueEmail } from '../support/api.js';
import { listenForEvents, type EventListener } from '../support/events.js';

/** A queue of our own on the bus, beside the welcome-email consumer's: a copy of every UserSignedUp. */
let listener: EventListener<'UserSignedUp'>;

beforeAll(async () => { listener = await listenForEvents(['UserSignedUp']); });
afterAll(async () => { await listener.close(); });

async function eventFor(email: string) {
  return eventually(async () => (await listener.received()).find((e) => e.detail.email === email));
}

async function signUp(headers: Record<string, string> = {}) {
  const email = uniqueEmail('corr');
  const res = await api('/api/auth/sign-up', {
    method: 'POST', headers,
    body: { accountType: 'student', firstName: 'Wanjiru', lastName: 'Kamau', email, password: 'secret-pass-1', phone: '+254 712 000 222', country: 'Kenya', birthYear: 2000 },
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
