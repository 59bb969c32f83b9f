/**
 * Paying for a course by M-Pesa prompt in the page, against the Paystack sandbox: the amount is
 * the course's, each prompt has a reference of its own, and the enrolment is made only by the
 * verified charge, once, though the page's poll and the webhook race and though a cancelled
 * prompt went before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '../../functions/bookings/contract.js';
import { courseMessages } from '../../functions/courses/catalog.js';
import { api, callApi, createUser, eventually, expectOk, stack, type TestUser } from '../support/api.js';
import { getItem, paidCourse, paystackWebhook, postWebhook, setAttributes } from '../support/fixtures.js';

const PHONE = '0712 345 678';

let tutor: TestUser;
beforeAll(async () => {
  ({ tutor } = await paidCourse());
}, 60_000);

const prompt = (student: TestUser, courseId: string, method?: 'paybill') =>
  callApi('payForCourseByMpesa', { token: student.accessToken, params: { courseId }, body: { phone: PHONE, ...(method ? { method } : {}) } });
const status = (student: TestUser, reference: string) =>
  api(`/api/payments/mpesa-prompts/${reference}`, { token: student.accessToken });

/** The payer answers the prompt on the sandbox's phone. */
async function answer(reference: string, how: 'pin' | 'cancel') {
  const res = await fetch(`${stack().sandboxUrls.paystack!}/mpesa/prompts/${reference}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ answer: how }).toString(),
  });
  expect(res.status).toBe(200);
}

/** As if the last check with Paystack was more than 10 s ago (the check is throttled per prompt). */
const checkAllowed = (reference: string) => setAttributes(`PAYMENT#${reference}`, 'PAYMENT', { promptCheckedAt: '2000-01-01T00:00:00.000Z' });
const enrolment = (courseId: string, studentId: string) => getItem(`COURSE#${courseId}`, `ENROL#${studentId}`);
/** The course once its consumer has counted the paid enrolment (outside the payment's transaction). */
const counted = (courseId: string) => eventually(async () => {
  const course = await getItem(`COURSE#${courseId}`, 'COURSE');
  return course?.enrolledCount === 1 && course;
}, 15_000);

describe('paying for a course by M-Pesa prompt', () => {
  it('charges the course\'s price; a PIN enrols once and counts the money once, though the poll and the webhook race', async () => {
    const { course } = await paidCourse({ tutor, price: 1250 });
    const student = await createUser('student');
    const sent = await expectOk(prompt(student, course.id), 'prompt');
    expect(sent).toMatchObject({ state: 'waiting', phone: '07•• ••• 678', message: paymentMessages.promptSent });
    const { reference } = sent;
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({
      purpose: 'course', courseId: course.id, studentId: student.userId, amountMinor: 125_000, status: 'initialized', channel: 'mobile_money',
    });
    expect(await enrolment(course.id, student.userId)).toBeUndefined();
    const phonePage = await (await fetch(`${stack().sandboxUrls.paystack!}/mpesa/254712345678`)).text();
    expect(phonePage).toContain('KES 1,250.00');

    await checkAllowed(reference);
    const { body, signature } = paystackWebhook({ reference, amount: 125_000 });
    const raced = await Promise.all([
      answer(reference, 'pin'), status(student, reference), status(student, reference), postWebhook(body, signature), postWebhook(body, signature),
    ]);
    for (const reply of raced.slice(1)) expect(reply!.status).toBe(200);
    await checkAllowed(reference);
    expect((await status(student, reference)).body.state).toBe('paid');

    expect(await enrolment(course.id, student.userId)).toMatchObject({ paymentReference: reference });
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 125_000 });
    expect(await getItem(`TXN#${reference}`, 'TXN')).toMatchObject({ courseId: course.id, amountMinor: 125_000 });
    const learn = await expectOk(callApi('learnCourse', { token: student.accessToken, params: { courseId: course.id } }), 'learn');
    expect(learn.enrolled).toBe(true);
    // Settled: no second enrolment or count arrives later, and no problem payment was flagged.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await getItem(`COURSE#${course.id}`, 'COURSE'))).toMatchObject({ enrolledCount: 1, revenueMinor: 125_000 });
    expect((await getItem(`PAYMENT#${reference}`, 'PAYMENT'))).toMatchObject({ status: 'success' });
    // Enrolled: another prompt is refused before anything is pushed.
    const late = await prompt(student, course.id);
    expect([late.status, late.error?.message]).toEqual([409, courseMessages.alreadyEnrolled]);
  });

  it('a prompt cancelled on the phone (1032) enrols nobody; the prompt sent again pays once under its own reference', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const first = await expectOk(prompt(student, course.id), 'first prompt');
    await answer(first.reference, 'cancel');
    await checkAllowed(first.reference);
    expect((await status(student, first.reference)).body).toMatchObject({ state: 'cancelled', reference: first.reference });
    expect(await enrolment(course.id, student.userId)).toBeUndefined();

    const again = await expectOk(prompt(student, course.id), 'prompt again');
    expect(again.state).toBe('waiting');
    expect(again.reference).not.toBe(first.reference);
    await answer(again.reference, 'pin');
    await checkAllowed(again.reference);
    const polls = await Promise.all([status(student, again.reference), status(student, again.reference)]);
    expect(polls.map((p) => p.status)).toEqual([200, 200]);
    await checkAllowed(again.reference);
    expect((await status(student, again.reference)).body.state).toBe('paid');
    // The cancelled prompt stays cancelled, whatever is asked of it later.
    await checkAllowed(first.reference);
    expect((await status(student, first.reference)).body.state).toBe('cancelled');

    expect(await enrolment(course.id, student.userId)).toMatchObject({ paymentReference: again.reference });
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 150_000 });
    expect(await getItem(`TXN#${first.reference}`, 'TXN')).toBeUndefined();
  });

  it('offers Paybill for a course too: its business number and account reference, with the course\'s amount', async () => {
    const { course } = await paidCourse({ tutor, price: 900 });
    const student = await createUser('student');
    const paybill = await expectOk(prompt(student, course.id, 'paybill'), 'paybill');
    expect(paybill).toMatchObject({ state: 'waiting', message: paymentMessages.paybillWaiting, paybill: { businessNumber: expect.stringMatching(/\d/), accountReference: expect.any(String) } });
    expect(await getItem(`PAYMENT#${paybill.reference}`, 'PAYMENT')).toMatchObject({ purpose: 'course', courseId: course.id, amountMinor: 90_000 });
  });

  it('refuses one\'s own course, and another payer\'s prompt', async () => {
    const { course } = await paidCourse({ tutor });
    expect((await prompt(tutor, course.id)).status).toBe(403);
    const student = await createUser('student');
    const { reference } = await expectOk(prompt(student, course.id), 'prompt');
    const stranger = await createUser('student');
    expect((await status(stranger, reference)).status).toBe(404);
  });
});
