/**
 * A cancelled lesson told by the channel each party chose for lesson changes, against the
 * Africa's Talking sandbox: SMS to the parent's verified number by default, once however often
 * the consumer runs, the tutor without a number by e-mail.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '../../events/index.js';
import { phoneOwnerKey, verifiedPhoneKey } from '../../functions/phones/keys.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { createUser, eventually, sentEmails, stack, type TestUser } from '../support/api.js';
import { bookableTutor, table } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

async function verifiedParent(): Promise<{ parent: TestUser; phone: string }> {
  const phone = `2547${randomInt(10_000_000, 99_999_999)}`;
  const parent = await createUser('student');
  const { doc, name } = table();
  await doc.send(new PutCommand({ TableName: name, Item: { ...verifiedPhoneKey(parent.userId), userId: parent.userId, phone, verifiedAt: new Date().toISOString() } }));
  await doc.send(new PutCommand({ TableName: name, Item: { ...phoneOwnerKey(phone), userId: parent.userId, phone } }));
  return { parent, phone };
}

const smsTo = async (phone: string): Promise<SandboxSms[]> =>
  (await fetch(`${stack().sandboxUrls.africastalking}/__sandbox/messages?to=%2B${phone}`)).json() as Promise<SandboxSms[]>;

/** The consumer as its queue calls it: one delivery of the event. */
async function deliverCancellation(detail: Record<string, unknown>): Promise<void> {
  useStackEnvironment();
  const { handler } = await import('../../functions/notifications/consumers/send-booking-cancelled.js') as unknown as {
    handler: (event: SQSEvent, context: unknown) => Promise<{ batchItemFailures: unknown[] }>;
  };
  const body = JSON.stringify({ id: randomUUID(), source: EVENT_SOURCE, 'detail-type': 'BookingCancelled', detail });
  const event = { Records: [{ messageId: randomUUID(), body, receiptHandle: 'r', attributes: {}, messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn', awsRegion: 'eu-west-1' }] };
  expect((await handler(event as unknown as SQSEvent, { functionName: 'test', getRemainingTimeInMillis: () => 30_000 })).batchItemFailures).toEqual([]);
}

describe('a cancelled lesson', () => {
  it('reaches the parent by SMS once when the consumer runs twice (a tutor\'s decline); the tutor without a number by e-mail', async () => {
    const { parent, phone } = await verifiedParent();
    const tutor = await bookableTutor();
    const detail = {
      bookingId: randomUUID(), studentId: parent.userId, tutorId: tutor.userId, subject: 'Mathematics',
      scheduledAt: new Date(Date.now() + 48 * 3_600_000).toISOString(), durationMinutes: 60, by: 'tutor', reason: 'Declined',
      refundDue: true, paid: true, occurredAt: new Date().toISOString(),
    };
    await deliverCancellation(detail);
    await deliverCancellation(detail);
    const sms = await eventually(async () => { const m = await smsTo(phone); return m.length > 0 && m; }, 20_000);
    expect(sms.map((m) => m.text)).toEqual([expect.stringMatching(/^ALP: Your Mathematics lesson with .+ on .+ was cancelled\. Details in My bookings\.$/)]);
    const cancelled = (user: TestUser) => async () =>
      (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(user.email) && /^Cancelled: Mathematics/.test(m.subject));
    expect(await eventually(async () => { const m = await cancelled(tutor)(); return m.length > 0 && m; })).toHaveLength(1);
    expect(await cancelled(parent)()).toEqual([]);
  });
});
