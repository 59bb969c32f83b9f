/**
 * Payment receipts by the channel the payer chose for receipts, against the emulators and the
 * Africa's Talking sandbox: e-mail by default, SMS when chosen, in the payer's language, for a
 * booked lesson and for a course; once per payment however often its consumer runs.
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '../../events/index.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { callApi, createUser, eventually, expectOk, sentEmails, stack, type TestUser } from '../support/api.js';
import { bookableTutor, book, freeStarts, giveVerifiedPhone, paidCourse, paystackWebhook, postWebhook, waitUntilDone } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

async function verifiedStudent(): Promise<{ student: TestUser; phone: string }> {
  const student = await createUser('student');
  return { student, phone: await giveVerifiedPhone(student.userId) };
}

const smsTo = async (phone: string): Promise<SandboxSms[]> =>
  (await fetch(`${stack().sandboxUrls.africastalking}/__sandbox/messages?to=%2B${phone}`)).json() as Promise<SandboxSms[]>;
const mailsTo = async (user: TestUser, subject: RegExp) =>
  (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(user.email) && subject.test(m.subject));

/** Confirms a payment as Paystack's signed charge.success does; answers the PaymentConfirmed it publishes. */
async function confirm(reference: string, amountMinor: number): Promise<void> {
  const hook = paystackWebhook({ reference, amount: amountMinor });
  const paid = await postWebhook(hook.body, hook.signature);
  expect(paid.body?.outcome).toBe('confirmed');
}

/** The receipt consumer as its queue calls it: one more delivery of the payment's event. */
async function deliverAgain(detail: Record<string, unknown>): Promise<void> {
  useStackEnvironment();
  const { handler } = await import('../../functions/notifications/consumers/send-payment-receipt.js') as unknown as {
    handler: (event: SQSEvent, context: unknown) => Promise<{ batchItemFailures: unknown[] }>;
  };
  const body = JSON.stringify({ id: randomUUID(), source: EVENT_SOURCE, 'detail-type': 'PaymentConfirmed', detail });
  const event = { Records: [{ messageId: randomUUID(), body, receiptHandle: 'r', attributes: {}, messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn', awsRegion: 'eu-west-1' }] };
  expect((await handler(event as unknown as SQSEvent, { functionName: 'test', getRemainingTimeInMillis: () => 30_000 })).batchItemFailures).toEqual([]);
}

async function paidLessonOf(student: TestUser) {
  const tutor = await bookableTutor({ firstName: 'Baraka' });
  const booked = await book(student, tutor.userId, (await freeStarts(tutor.userId))[0]!);
  const booking = booked.body.booking as { id: string; amountMinor: number };
  const { reference } = await expectOk(callApi('initializePayment', { token: student.accessToken, body: { bookingId: booking.id } }), 'payment');
  await confirm(reference, booking.amountMinor);
  const detail = {
    purpose: 'lesson', bookingId: booking.id, studentId: student.userId, tutorId: tutor.userId, reference,
    amountMinor: booking.amountMinor, currency: 'KES', occurredAt: new Date().toISOString(),
  };
  return { tutor, booking, reference, detail };
}

describe('a payment receipt', () => {
  it('for a lesson: by e-mail by default (the confirmation by SMS), once when the payment\'s event arrives again, to the payer only', async () => {
    const { student, phone } = await verifiedStudent();
    const { tutor, reference, detail } = await paidLessonOf(student);
    await waitUntilDone(`payment-receipt#${reference}`);
    await deliverAgain(detail);
    await deliverAgain(detail);
    const receipts = await mailsTo(student, /^Receipt: /);
    expect(receipts.map((m) => m.subject)).toEqual([expect.stringMatching(/^Receipt: KSh 1,500 for Mathematics lesson with Baraka User$/)]);
    expect(receipts[0]!.body).toContain(`Reference: ${reference}`);
    expect(receipts[0]!.body).toContain('Amount: KSh 1,500');
    expect(await mailsTo(tutor, /^Receipt: /)).toEqual([]);
    // The booking confirmation went by SMS; the receipt did not.
    const sms = await eventually(async () => { const m = await smsTo(phone); return m.length > 0 && m; }, 20_000);
    expect(sms.map((m) => m.text)).toEqual([expect.stringMatching(/^ALP: Lesson booked and paid/)]);
  });

  it('for a lesson, by SMS when the payer chose it, in Kiswahili, once, with the whole reference; no receipt e-mail', async () => {
    const { student, phone } = await verifiedStudent();
    await expectOk(callApi('updateMyProfile', { token: student.accessToken, body: { language: 'sw' } }), 'language');
    await expectOk(callApi('putNotificationPreferences', { token: student.accessToken, body: { paymentReceipt: 'sms' } }), 'preferences');
    const { reference, detail } = await paidLessonOf(student);
    await waitUntilDone(`payment-receipt#${reference}`);
    await deliverAgain(detail);
    const receipts = async () => (await smsTo(phone)).filter((m) => m.text.startsWith('ALP: Malipo yamepokelewa'));
    expect((await eventually(async () => { const m = await receipts(); return m.length > 0 && m; }, 20_000)).map((m) => m.text))
      .toEqual([`ALP: Malipo yamepokelewa: KSh 1,500 kwa somo la Mathematics na Baraka User. Kumb. ${reference}. Asante.`]);
    expect(await mailsTo(student, /^(Receipt|Risiti): /)).toEqual([]);
  });

  it('for a course: by e-mail to the payer, naming the course, once', async () => {
    const { course } = await paidCourse({ title: 'Receipts for Form 4 Biology' });
    const student = await createUser('student');
    const { reference } = await expectOk(callApi('payForCourse', { token: student.accessToken, params: { courseId: course.id } }), 'pay');
    await confirm(reference, 150_000);
    await waitUntilDone(`payment-receipt#${reference}`);
    await deliverAgain({
      purpose: 'course', courseId: course.id, studentId: student.userId, tutorId: course.tutor.id, reference,
      amountMinor: 150_000, currency: 'KES', occurredAt: new Date().toISOString(),
    });
    const receipts = await mailsTo(student, /^Receipt: /);
    expect(receipts.map((m) => m.subject)).toEqual(['Receipt: KSh 1,500 for the course "Receipts for Form 4 Biology"']);
    expect(receipts[0]!.body).toContain(`Reference: ${reference}`);
  });
});
