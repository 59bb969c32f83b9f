import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signInDemoAdmin, type TestUser } from '../support/api.js';
import { book, bookableTutor, expireHold, freeStarts, paidCourse, paystackWebhook, postWebhook, table } from '../support/fixtures.js';

interface Problem {
  reference: string; kind: string; title: string; action: string; bookingId: string; courseId?: string;
  payer: { id: string; name: string; email?: string }; expectedMinor: number; paidMinor: number; paidCurrency: string; flaggedAt: string;
  tutorName?: string; lessonSubject?: string; lessonAt?: string; courseTitle?: string;
}
interface ProblemsPage { problems: Problem[]; nextCursor?: string }

let adminToken: string;
let tutor: TestUser;
let starts: string[];

const initialize = async (student: TestUser, bookingId: string) =>
  (await api<{ reference: string }>('/api/payments/initialize', { method: 'POST', token: student.accessToken, body: { bookingId } })).body.reference;

async function unpaidBooking(student: TestUser) {
  const start = starts.shift()!;
  const res = await book(student, tutor.userId, start);
  expect(res.status).toBe(201);
  return { ...(res.body.booking as { id: string; amountMinor: number }), start };
}

const pay = async (reference: string, amount: number, extra: Record<string, unknown> = {}) => {
  const hook = paystackWebhook({ reference, amount, ...extra });
  return (await postWebhook(hook.body, hook.signature)).body?.outcome;
};

const problems = (params: Record<string, string> = {}, token = adminToken) =>
  api<ProblemsPage>(`/api/admin/payment-problems?${new URLSearchParams({ limit: '50', ...params })}`, { token });

const resolve = (reference: string, body: unknown, token = adminToken) =>
  api(`/api/admin/payment-problems/${encodeURIComponent(reference)}/resolve`, { method: 'POST', token, body });

beforeAll(async () => {
  adminToken = (await signInDemoAdmin()).accessToken;
  tutor = await bookableTutor({ hourlyRate: 2000, firstName: 'Baraka' });
  starts = await freeStarts(tutor.userId);
});

describe('problem payments for super admins', () => {
  const made: Record<'mismatch' | 'duplicate' | 'refund', string> = { mismatch: '', duplicate: '', refund: '' };
  let payer: TestUser;
  let duplicateBooking: string;
  let refundStart: string;

  beforeAll(async () => {
    payer = await createUser('student', { firstName: 'Akinyi' });
    // Paid less than the booking costs.
    const a = await unpaidBooking(payer);
    made.mismatch = await initialize(payer, a.id);
    expect(await pay(made.mismatch, a.amountMinor - 50_000)).toBe('amount_mismatch');
    // Paid twice: the second reference is a duplicate.
    const b = await unpaidBooking(payer);
    duplicateBooking = b.id;
    const first = await initialize(payer, b.id);
    made.duplicate = await initialize(payer, b.id);
    expect(await pay(first, b.amountMinor)).toBe('confirmed');
    expect(await pay(made.duplicate, b.amountMinor)).toBe('duplicate');
    // Paid after the hold ran out and someone else took the hour.
    const c = await unpaidBooking(payer);
    made.refund = await initialize(payer, c.id);
    refundStart = c.start;
    await expireHold(c.id);
    const other = await createUser('student');
    expect((await book(other, tutor.userId, c.start)).status).toBe(201);
    expect(await pay(made.refund, c.amountMinor)).toBe('hold_lost');
  });

  it('lists each kind once, newest first, with the payer, tutor, lesson, amounts and what to do', async () => {
    // A replayed webhook does not add a second entry or move the first.
    expect(await pay(made.mismatch, 1000)).toBe('amount_mismatch');
    const res = await problems();
    expect(res.status).toBe(200);
    const ours = res.body.problems.filter((p) => Object.values(made).includes(p.reference));
    expect(ours.map((p) => p.reference)).toEqual([made.refund, made.duplicate, made.mismatch]);
    const [refund, duplicate, mismatch] = ours as [Problem, Problem, Problem];
    expect(refund).toMatchObject({
      kind: 'needs_refund', expectedMinor: 200_000, paidMinor: 200_000, paidCurrency: 'KES',
      payer: { id: payer.userId, name: 'Akinyi User', email: payer.email },
      // What a support person reads instead of a booking id: whose lesson, on what, when.
      tutorName: 'Baraka User', lessonSubject: 'Mathematics', lessonAt: new Date(refundStart).toISOString(),
      action: expect.stringMatching(/^Refund KSh 2,000 in the Paystack dashboard/),
    });
    expect(duplicate).toMatchObject({ kind: 'duplicate', bookingId: duplicateBooking, action: expect.stringContaining(`Refund KSh 2,000`) });
    expect(mismatch).toMatchObject({
      kind: 'amount_mismatch', expectedMinor: 200_000, paidMinor: 1000,
      action: expect.stringMatching(/^Check the amount with the payer: they paid KSh 10, the booking costs KSh 2,000/),
    });
    const times = res.body.problems.map((p) => p.flaggedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages with a cursor', async () => {
    const first = await problems({ limit: '1' });
    expect(first.body.problems).toHaveLength(1);
    const second = await problems({ limit: '1', cursor: first.body.nextCursor! });
    expect(second.body.problems).toHaveLength(1);
    expect(second.body.problems[0]!.reference).not.toBe(first.body.problems[0]!.reference);
    expect((await problems({ cursor: 'nonsense' })).status).toBe(400);
  });

  it('is resolved once, with a note, audited, and stays resolved when the provider repeats itself', async () => {
    expect((await resolve(made.duplicate, {})).status).toBe(400);
    expect((await resolve(made.duplicate, { note: '   ' })).status).toBe(400);
    const ok = await resolve(made.duplicate, { note: 'Refunded in Paystack on the 3rd' });
    expect(ok.status).toBe(200);
    expect((await problems()).body.problems.map((p) => p.reference)).not.toContain(made.duplicate);
    const again = await resolve(made.duplicate, { note: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_resolved');

    const { doc, name } = table();
    const audit = await doc.send(new QueryCommand({
      TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)',
      ExpressionAttributeValues: { ':pk': `PAYMENT#${made.duplicate}`, ':a': 'AUDIT#' },
    }));
    const admin = await api<{ profile: { id: string } }>('/api/me', { token: adminToken });
    expect(audit.Items).toEqual([expect.objectContaining({
      action: 'resolved', kind: 'duplicate', by: admin.body.profile.id, note: 'Refunded in Paystack on the 3rd',
    })]);

    // Resolved problems do not come back with a replayed webhook.
    await resolve(made.mismatch, { note: 'Payer refunded' });
    expect(await pay(made.mismatch, 1000)).toBe('amount_mismatch');
    expect((await problems()).body.problems.map((p) => p.reference)).not.toContain(made.mismatch);
  });

  it('refuses references that are not open problems', async () => {
    expect((await resolve('ALP-unknown-000', { note: 'x' })).status).toBe(404);
    const student = await createUser('student');
    const booking = await unpaidBooking(student);
    const reference = await initialize(student, booking.id);
    expect((await resolve(reference, { note: 'x' })).status).toBe(404); // nothing wrong with it
  });

  it('is for super admins only', async () => {
    const student = await createUser('student');
    expect((await problems({}, student.accessToken)).status).toBe(403);
    expect((await resolve(made.refund, { note: 'x' }, student.accessToken)).status).toBe(403);
    expect((await api('/api/admin/payment-problems')).status).toBe(401);
  });
});

describe('a course paid twice', () => {
  it('is listed as a second payment for a course enrolment, not a booking, in English and Kiswahili', async () => {
    const { course } = await paidCourse();
    const student = await createUser('student', { firstName: 'Wanjiru' });
    const payCourse = async () => (await api<{ reference: string }>(`/api/courses/${course.id}/payment`, { method: 'POST', token: student.accessToken })).body.reference;
    const first = await payCourse();
    const second = await payCourse();
    expect(await pay(first, 150_000)).toBe('confirmed');
    expect(await pay(second, 150_000)).toBe('duplicate');

    const listed = (await problems()).body.problems.find((p) => p.reference === second);
    expect(listed).toMatchObject({
      kind: 'duplicate', courseId: course.id, title: 'Second payment for a course enrolment already paid',
      courseTitle: 'Organic Chemistry Revision', tutorName: 'Test User',
    });
    expect(listed!.lessonSubject).toBeUndefined();
    expect(listed!.bookingId).toBeUndefined();
    expect(listed!.action).toBe(`Refund KSh 1,500 in the Paystack dashboard (reference ${second}): the student was already enrolled in this course under another payment, and stays enrolled.`);

    const inSw = (await api<ProblemsPage>('/api/admin/payment-problems?limit=50', { token: adminToken, headers: { 'accept-language': 'sw' } }))
      .body.problems.find((p) => p.reference === second);
    expect(inSw!.title).toBe('Malipo ya pili kwa usajili wa kozi uliokwisha kulipiwa');
    expect(inSw!.action).toContain(`(kumbukumbu ${second}): mwanafunzi alikwisha kusajiliwa kwenye kozi hii`);
  });
});
