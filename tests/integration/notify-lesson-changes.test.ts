/**
 * A cancelled or moved lesson told by the channel each party chose for lesson changes, against
 * the Africa's Talking and WhatsApp sandboxes: SMS to the parent's verified number by default,
 * once however often the consumer runs, in their language; the tutor without a number by e-mail.
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '../../events/index.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import type { SandboxWhatsAppMessage } from '../../infra/local/sandboxes/whatsapp/server.js';
import { callApi, createUser, eventually, expectOk, sentEmails, stack, type TestUser } from '../support/api.js';
import { bookableTutor, giveVerifiedPhone } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

async function verifiedParent(): Promise<{ parent: TestUser; phone: string }> {
  const parent = await createUser('student');
  return { parent, phone: await giveVerifiedPhone(parent.userId) };
}

const smsTo = async (phone: string): Promise<SandboxSms[]> =>
  (await fetch(`${stack().sandboxUrls.africastalking}/__sandbox/messages?to=%2B${phone}`)).json() as Promise<SandboxSms[]>;

const whatsAppTo = async (phone: string): Promise<SandboxWhatsAppMessage[]> =>
  (await fetch(`${stack().sandboxUrls.whatsapp}/__sandbox/messages?to=${phone}`)).json() as Promise<SandboxWhatsAppMessage[]>;

const mailsTo = async (user: TestUser, subject: RegExp) =>
  (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(user.email) && subject.test(m.subject));

type Consumer = (event: SQSEvent, context: unknown) => Promise<{ batchItemFailures: unknown[] }>;
const consumers = {
  BookingCancelled: () => import('../../functions/notifications/consumers/send-booking-cancelled.js'),
  LessonReschedule: () => import('../../functions/notifications/consumers/send-lesson-reschedule.js'),
};

/** The consumer as its queue calls it: one delivery of the event. */
async function deliver(detailType: keyof typeof consumers, detail: Record<string, unknown>): Promise<void> {
  useStackEnvironment();
  const { handler } = await consumers[detailType]() as unknown as { handler: Consumer };
  const body = JSON.stringify({ id: randomUUID(), source: EVENT_SOURCE, 'detail-type': detailType, detail });
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
    await deliver('BookingCancelled', detail);
    await deliver('BookingCancelled', detail);
    const sms = await eventually(async () => { const m = await smsTo(phone); return m.length > 0 && m; }, 20_000);
    expect(sms.map((m) => m.text)).toEqual([expect.stringMatching(/^ALP: Your Mathematics lesson with .+ on .+ was cancelled\. Details in My bookings\.$/)]);
    const cancelled = (user: TestUser) => async () =>
      (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(user.email) && /^Cancelled: Mathematics/.test(m.subject));
    expect(await eventually(async () => { const m = await cancelled(tutor)(); return m.length > 0 && m; })).toHaveLength(1);
    expect(await cancelled(parent)()).toEqual([]);
  });
});

describe('a lesson being moved', () => {
  const DAY = 24 * 3_600_000;

  /** A LessonReschedule as the bookings' reschedule flow publishes it, for a lesson two days ahead moved a day later. */
  function reschedule(parent: TestUser, tutor: { userId: string }, over: Record<string, unknown>) {
    const previousStart = new Date(Math.ceil((Date.now() + 2 * DAY) / 3_600_000) * 3_600_000);
    return {
      bookingId: randomUUID(), studentId: parent.userId, tutorId: tutor.userId, subject: 'Chemistry', durationMinutes: 60,
      step: 'proposed', actor: 'tutor', proposedBy: 'tutor', proposedAt: new Date().toISOString(),
      previousStart: previousStart.toISOString(), proposedStart: new Date(previousStart.getTime() + DAY).toISOString(),
      occurredAt: new Date().toISOString(), ...over,
    };
  }

  it('a tutor\'s proposal reaches the parent by SMS once when the consumer runs twice, in Kiswahili, instead of the e-mail', async () => {
    const { parent, phone } = await verifiedParent();
    await expectOk(callApi('updateMyProfile', { token: parent.accessToken, body: { language: 'sw' } }), 'language');
    const tutor = await bookableTutor();
    const detail = reschedule(parent, tutor, {});
    await deliver('LessonReschedule', detail);
    await deliver('LessonReschedule', detail);
    const sms = await eventually(async () => { const m = await smsTo(phone); return m.length > 0 && m; }, 20_000);
    expect(sms.map((m) => m.text)).toEqual([expect.stringMatching(/^ALP: .+ anaomba kuhamisha somo lako la Chemistry hadi .+\. Kubali au kataa kwenye Nafasi zangu\.$/)]);
    expect(await mailsTo(parent, /Chemistry/)).toEqual([]);
    // The tutor took the step: nothing to them.
    expect(await mailsTo(tutor, /Chemistry/)).toEqual([]);
  });

  it('an accepted move reaches both once: the parent by SMS, the tutor without a number by e-mail; the next proposal is told again', async () => {
    const { parent, phone } = await verifiedParent();
    const tutor = await bookableTutor();
    const accepted = reschedule(parent, tutor, { step: 'accepted', actor: 'student', proposedBy: 'tutor' });
    await deliver('LessonReschedule', accepted);
    await deliver('LessonReschedule', accepted);
    const moved = async () => (await smsTo(phone)).filter((m) => /has moved to/.test(m.text));
    expect((await eventually(async () => { const m = await moved(); return m.length > 0 && m; }, 20_000)).map((m) => m.text))
      .toEqual([expect.stringMatching(/^ALP: Your Chemistry lesson with .+ has moved to .+\. Details in My bookings\.$/)]);
    expect(await eventually(async () => { const m = await mailsTo(tutor, /^Lesson moved: Chemistry/); return m.length > 0 && m; })).toHaveLength(1);
    expect(await mailsTo(parent, /Chemistry/)).toEqual([]);

    // A second move of the same lesson is a new proposal: told again, once.
    const again = { ...accepted, proposedAt: new Date(Date.now() + 1_000).toISOString(), previousStart: accepted.proposedStart,
      proposedStart: new Date(Date.parse(accepted.proposedStart) + DAY).toISOString() };
    await deliver('LessonReschedule', again);
    await deliver('LessonReschedule', again);
    expect(await eventually(async () => { const m = await moved(); return m.length > 1 && m; }, 20_000)).toHaveLength(2);
    expect(await eventually(async () => { const m = await mailsTo(tutor, /^Lesson moved: Chemistry/); return m.length > 1 && m; })).toHaveLength(2);
  });

  it('a declined proposal reaches the parent who chose WhatsApp by its template, with the time the lesson keeps', async () => {
    const { parent, phone } = await verifiedParent();
    await expectOk(callApi('putNotificationPreferences', { token: parent.accessToken, body: { lessonChange: 'whatsapp' } }), 'preferences');
    const tutor = await bookableTutor();
    const detail = reschedule(parent, tutor, { step: 'declined', actor: 'tutor', proposedBy: 'student' });
    await deliver('LessonReschedule', detail);
    await deliver('LessonReschedule', detail);
    const [message, ...more] = await eventually(async () => { const m = await whatsAppTo(phone); return m.length > 0 && m; }, 20_000);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ template: 'alp_lesson_move_declined', language: 'en' });
    expect(message!.parameters).toEqual(['Chemistry', expect.any(String), expect.any(String), expect.any(String)]);
    expect(message!.parameters[2]).not.toBe(message!.parameters[3]);
    expect(await smsTo(phone)).toEqual([]);
    expect(await mailsTo(parent, /Chemistry/)).toEqual([]);
  });
});
