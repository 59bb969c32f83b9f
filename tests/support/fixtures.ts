/** Test fixtures built through the API where it can, and through the emulator where it can't yet. */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { phoneOwnerKey, verifiedPhoneKey } from '../../functions/phones/keys.js';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';
import { api, callApi, createUser, eventually, expectOk, signInDemoAdmin, stack, type TestUser } from './api.js';
import { PDF, PNG, postUpload } from './uploads.js';

/** Uploads an ID card as the tutor and has the demo super admin approve it. */
export async function verifyThroughKyc(tutor: TestUser): Promise<void> {
  const token = tutor.accessToken;
  const ticket = await expectOk(callApi('createKycUpload', {
    token, body: { fileName: 'id.png', contentType: 'image/png', size: PNG.length },
  }), 'KYC ticket');
  await postUpload(ticket, new Uint8Array(PNG), 'image/png');
  const { document } = await expectOk(callApi('registerKycDocument', {
    token, body: { documentType: 'id_card', key: ticket.key },
  }), 'KYC document');
  const admin = await signInDemoAdmin();
  const review = await expectOk(callApi('reviewKycDocument', {
    token: admin.accessToken, params: { documentId: document.id }, body: { decision: 'approve' },
  }), 'KYC review');
  if (review.tutorKycStatus !== 'approved') throw new Error(`KYC approval failed: ${JSON.stringify(review)}`);
}

export function table() {
  const { resources } = stack();
  const client = new DynamoDBClient({
    endpoint: resources.dynamodbEndpoint, region: resources.region, credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  return { doc: DynamoDBDocumentClient.from(client), name: resources.tableName };
}

export async function getItem(pk: string, sk: string) {
  const { doc, name } = table();
  return (await doc.send(new GetCommand({ TableName: name, Key: { pk, sk } }))).Item;
}

/** Sets attributes of a stored item directly: data the API refuses today but older data may hold. */
/**
 * Moves a booking's start, as time passing would bring it near: the stored start and every index
 * key sorted by it (the student's and tutor's lists, and the paid lessons index once paid), so
 * the lessons job and the admin list see it where a real booking at that time would be.
 */
export async function moveLesson(bookingId: string, scheduledAt: string): Promise<void> {
  const booking = await getItem(`BOOKING#${bookingId}`, 'BOOKING');
  if (!booking) throw new Error(`no booking ${bookingId}`);
  const sortKey = `${scheduledAt}#${bookingId}`;
  await setAttributes(`BOOKING#${bookingId}`, 'BOOKING', {
    scheduledAt, gsi1sk: sortKey, gsi2sk: sortKey,
    ...(booking.gsi3pk ? { gsi3pk: `LESSONS#${scheduledAt.slice(0, 10)}`, gsi3sk: sortKey } : {}),
  });
}

export async function setAttributes(pk: string, sk: string, values: Record<string, unknown>): Promise<void> {
  const { doc, name } = table();
  const entries = Object.entries(values);
  await doc.send(new UpdateCommand({
    TableName: name, Key: { pk, sk },
    UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#a${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    ConditionExpression: 'attribute_exists(pk)',
  }));
}

/**
 * A tutor students can book: rate and subjects set through the API, available Mondays and
 * Thursdays 08:00–20:00 Nairobi time (8–9 bookable days in any 30), and verified through the
 * real KYC flow (an ID uploaded, approved by the demo super admin).
 */
export async function bookableTutor(options: { hourlyRate?: number; verified?: boolean; firstName?: string } = {}): Promise<TestUser> {
  const tutor = await createUser('tutor', options.firstName ? { firstName: options.firstName } : {});
  const token = tutor.accessToken;
  await expectOk(callApi('updateMyProfile', {
    token, body: { hourlyRate: options.hourlyRate ?? 1500, preferredSubjects: ['Mathematics', 'Physics'], levels: ['secondary'] },
  }), 'profile');
  for (const day of [1, 4]) {
    await expectOk(callApi('addMyAvailability', { token, body: { dayOfWeek: day, startTime: '08:00', endTime: '20:00' } }), 'availability');
  }
  if (options.verified !== false) await verifyThroughKyc(tutor);
  return tutor;
}

/**
 * Waits until a consumer has done a once-only side effect (functions/shared/once.ts), e.g.
 * "welcome#{userId}". Cheap to poll, unlike the emulator's SES inspection, which dumps its
 * whole state: read that once afterwards.
 */
export async function waitUntilDone(key: string, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => (await getItem(`ONCE#${key}`, 'ONCE'))?.doneAt, timeoutMs);
}

/** Bookable starts of a tutor (UTC ISO), as the public calendar offers them; with `leadHours`, only those at least that far ahead. */
export async function freeStarts(tutorId: string, options: { leadHours?: number } = {}): Promise<string[]> {
  const { slots } = await expectOk(callApi('getTutorSlots', { params: { tutorId } }), 'slots');
  const earliest = Date.now() + (options.leadHours ?? 0) * 3_600_000;
  return slots.map((s) => s.start).filter((start) => Date.parse(start) >= earliest);
}

/**
 * Lead that puts a lesson outside the free-cancellation window (12 h): the tutor's first free
 * hour is inside it on a Sunday evening or during the tutor's working day, so a test that
 * cancels "in time" must not take the first free hour blindly.
 */
export const OUTSIDE_CANCEL_WINDOW_HOURS = 13;

export async function book(student: TestUser, tutorId: string, start: string, durationMinutes = 60, extra: Record<string, unknown> = {}) {
  return api('/api/bookings', {
    method: 'POST', token: student.accessToken,
    body: { tutorId, subject: 'Mathematics', start, durationMinutes, ...extra },
  });
}

/**
 * A lesson of `tutorId` booked by `student` at the tutor's first free hour, paid through the
 * Paystack webhook unless `paid: false`. `startsIn` (minutes, may be negative) moves its start
 * next to now, as time passing would: booking itself needs a future hour within the tutor's notice.
 */
export async function lessonBooking(
  student: TestUser, tutorId: string, options: { paid?: boolean; startsIn?: number } = {},
): Promise<{ bookingId: string; scheduledAt: string }> {
  const [start] = await freeStarts(tutorId);
  const booked = await book(student, tutorId, start!);
  if (booked.status !== 201) throw new Error(`booking failed: ${booked.status} ${JSON.stringify(booked.body)}`);
  const booking = booked.body.booking as { id: string; amountMinor: number; scheduledAt: string };
  if (options.paid !== false) await payBooking(student, booking);
  if (options.startsIn === undefined) return { bookingId: booking.id, scheduledAt: booking.scheduledAt };
  const scheduledAt = new Date(Date.now() + options.startsIn * 60_000).toISOString();
  await moveLesson(booking.id, scheduledAt);
  return { bookingId: booking.id, scheduledAt };
}

/** Makes a booking's hold run out now, as if its time had passed (moves the stored instants). */
export async function expireHold(bookingId: string): Promise<void> {
  const { doc, name } = table();
  const booking = await getItem(`BOOKING#${bookingId}`, 'BOOKING');
  const past = new Date(Date.now() - 60_000);
  await doc.send(new UpdateCommand({
    TableName: name, Key: { pk: `BOOKING#${bookingId}`, sk: 'BOOKING' },
    UpdateExpression: 'SET holdExpiresAt = :t', ExpressionAttributeValues: { ':t': past.toISOString() },
  }));
  for (const hour of booking!.lockedHours as string[]) {
    await doc.send(new UpdateCommand({
      TableName: name, Key: { pk: `TUTOR#${booking!.tutorId}`, sk: `LOCK#${hour}` },
      UpdateExpression: 'SET expiresAt = :t', ExpressionAttributeValues: { ':t': Math.floor(past.getTime() / 1000) },
    }));
  }
}

/** A Paystack webhook as the provider signs it (HMAC-SHA512 of the raw body, local test key). */
export function paystackWebhook(data: Record<string, unknown>, secret = LOCAL_PAYSTACK_SECRET_KEY) {
  const body = JSON.stringify({ event: 'charge.success', data: { status: 'success', currency: 'KES', channel: 'mobile_money', paid_at: new Date().toISOString(), ...data } });
  return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
}

export async function postWebhook(body: string, signature?: string) {
  const res = await fetch(`${stack().url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
    body,
  });
  return { status: res.status, body: await res.json().catch(() => null) as { outcome?: string } | null };
}

/**
 * A lesson paid the way a payer pays: booked at the tutor's first free start (or the `nth`),
 * payment started, and Paystack's signed charge.success webhook received.
 */
export async function paidLesson(options: LessonChoice = {}) {
  const booked = await bookedLesson(options);
  await payBooking(booked.student, booked.booking);
  return booked;
}

/**
 * Which lesson to book: the tutor's first free start, or the `nth`, counted among the starts at
 * least `leadHours` ahead. A test of what happens a day before a lesson needs a lesson more than
 * a day away: the tutor's first free hour may be tomorrow morning (on a Sunday it is).
 */
type LessonChoice = { tutor?: TestUser; student?: TestUser; nth?: number; leadHours?: number };

/** A lesson booked (unpaid) as `LessonChoice` says. */
async function bookedLesson(options: LessonChoice) {
  const tutor = options.tutor ?? await bookableTutor();
  const student = options.student ?? await createUser('student');
  const start = (await freeStarts(tutor.userId, { leadHours: options.leadHours }))[options.nth ?? 0]!;
  const booked = await book(student, tutor.userId, start);
  if (booked.status >= 300) throw new Error(`booking failed: ${booked.status} ${JSON.stringify(booked.body)}`);
  const booking = booked.body.booking as { id: string; amountMinor: number; scheduledAt: string; durationMinutes: number };
  return { tutor, student, booking };
}

/** Pays a booking as Paystack would confirm it: initialize, then the signed charge.success webhook. */
export async function payBooking(student: TestUser, booking: { id: string; amountMinor: number }): Promise<void> {
  const { reference } = await expectOk(callApi('initializePayment', { token: student.accessToken, body: { bookingId: booking.id } }), 'payment');
  const hook = paystackWebhook({ reference, amount: booking.amountMinor });
  const paid = await postWebhook(hook.body, hook.signature);
  if (paid.body?.outcome !== 'confirmed') throw new Error(`payment not confirmed: ${JSON.stringify(paid.body)}`);
}

/**
 * The payer answers an M-Pesa prompt with the PIN on the sandbox's phone, then Paystack's signed
 * charge.success arrives `deliveries` times (twice: a replay). Each delivery must be answered 200.
 */
export async function paidByPrompt(reference: string, amountMinor: number, deliveries = 2): Promise<void> {
  const answered = await fetch(`${stack().sandboxUrls.paystack!}/mpesa/prompts/${reference}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ answer: 'pin' }).toString(),
  });
  if (answered.status !== 200) throw new Error(`sandbox prompt answered ${answered.status}`);
  const { body, signature } = paystackWebhook({ reference, amount: amountMinor });
  for (let i = 0; i < deliveries; i++) {
    const delivered = await postWebhook(body, signature);
    if (delivered.status !== 200) throw new Error(`webhook answered ${delivered.status}`);
  }
}

export type WeeklyPlan = { id: string; pricePerLesson: number; instalments: Array<{ amount: number; bookingIds: string[] }> };

/**
 * `lessons` Mondays at 17:00 Nairobi with the tutor, Mathematics, paid by the month (the hours the
 * quote finds free); not paid yet.
 */
export async function weeklyPlan(payer: TestUser, tutorId: string, lessons = 8): Promise<WeeklyPlan> {
  const slot = { tutorId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons, skipHolidays: false } };
  const quote = await api<{ quote: { lessons: Array<{ start: string; status: string }> } }>('/api/plans/quote', { method: 'POST', token: payer.accessToken, body: slot });
  const lessonStarts = quote.body.quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);
  const made = await api<{ plan: WeeklyPlan }>('/api/plans', {
    method: 'POST', token: payer.accessToken, body: { ...slot, subject: 'Mathematics', payment: 'monthly', lessonStarts, idempotencyKey: randomUUID() },
  });
  if (made.status !== 201) throw new Error(`the plan was not made: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.plan;
}

/** Pays the plan's first instalment by card on the sandbox's page, then the callback's verify; its reference. */
export async function paidFirstInstalmentByCard(payer: TestUser, planId: string): Promise<string> {
  const { reference, authorizationUrl } = await expectOk(callApi('payPlanInstalment', { token: payer.accessToken, params: { planId, n: 1 } }), 'card');
  await checkoutInSandbox(authorizationUrl);
  await expectOk(callApi('verifyPayment', { token: payer.accessToken, body: { reference } }), 'verify');
  return reference;
}

/** The payer's click on the sandbox checkout page: the sandbox then sends the signed charge.success. */
export async function checkoutInSandbox(authorizationUrl: string): Promise<void> {
  const res = await fetch(authorizationUrl, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ channel: 'card', outcome: 'success' }).toString(), redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sandbox checkout answered ${res.status}`);
}

/**
 * A lesson booked at the tutor's `nth` free start and paid through the sandbox's checkout, so
 * the sandbox holds a successful transaction it can refund (paidLesson's webhook alone cannot).
 * Its start is outside the free-cancellation window unless `leadHours` says otherwise: a test
 * that needs a lesson sooner moves it (moveLesson).
 */
export async function paidThroughSandbox<B extends { id: string } = { id: string; amountMinor: number; scheduledAt: string; durationMinutes: number }>(
  options: { tutor?: TestUser; student?: TestUser; nth?: number; leadHours?: number } = {},
) {
  const tutor = options.tutor ?? await bookableTutor();
  const student = options.student ?? await createUser('student');
  const start = (await freeStarts(tutor.userId, { leadHours: options.leadHours ?? OUTSIDE_CANCEL_WINDOW_HOURS }))[options.nth ?? 0]!;
  const booked = await book(student, tutor.userId, start);
  if (booked.status !== 201) throw new Error(`booking failed: ${booked.status} ${JSON.stringify(booked.body)}`);
  const booking = booked.body.booking as B;
  const { reference, authorizationUrl } = await expectOk(callApi('initializePayment', { token: student.accessToken, body: { bookingId: booking.id } }), 'payment');
  await checkoutInSandbox(authorizationUrl);
  await eventually(async () => (await getItem(`BOOKING#${booking.id}`, 'BOOKING'))?.paymentStatus === 'paid');
  return { tutor, student, booking, reference };
}

/**
 * A published paid course of a KYC-verified tutor (made one when not given), whose first lesson
 * carries a private PDF: what a student pays for.
 */
export async function paidCourse(options: { tutor?: TestUser; price?: number; title?: string; certificationProgram?: boolean } = {}) {
  const tutor = options.tutor ?? await createUser('tutor');
  if (!options.tutor) await verifyThroughKyc(tutor);
  const token = tutor.accessToken;
  const ticket = await expectOk(callApi('createCourseUpload', { token, body: { fileName: 'worksheet.pdf', contentType: 'application/pdf', size: PDF.length } }), 'lesson file ticket');
  await postUpload(ticket, new Uint8Array(PDF), 'application/pdf');
  const { course } = await expectOk(callApi('createCourse', {
    token,
    body: {
      title: options.title ?? 'Organic Chemistry Revision', description: 'Reactions and mechanisms for the final exam',
      subject: 'Chemistry', level: 'secondary', category: 'KCSE Prep', durationWeeks: 4, price: options.price ?? 1500,
      ...(options.certificationProgram ? { certificationProgram: true } : {}),
    },
  }), 'course');
  const params = { courseId: course.id };
  await expectOk(callApi('addCourseLesson', { token, params, body: { title: 'Alkanes and alkenes', text: 'Read the worksheet.', fileKey: ticket.key } }), 'lesson');
  await expectOk(callApi('addCourseLesson', { token, params, body: { title: 'Reaction mechanisms', text: 'Practice questions.' } }), 'lesson 2');
  const published = await expectOk(callApi('publishCourse', { token, params }), 'publish');
  return { tutor, course: published.course };
}

export type { TestUser };

/**
 * Makes `user`'s account 30 days old (its profile's createdAt), so the AI treats it as
 * established: new accounts get only a small daily AI allowance (functions/ai/service.ts).
 */
export async function establishedAccount(user: TestUser): Promise<TestUser> {
  const { doc, name } = table();
  await doc.send(new UpdateCommand({
    TableName: name, Key: { pk: `USER#${user.userId}`, sk: 'PROFILE' },
    UpdateExpression: 'SET createdAt = :at', ExpressionAttributeValues: { ':at': new Date(Date.now() - 30 * 86_400_000).toISOString() },
  }));
  return user;
}

/** A Kenyan number no other test uses (never one of the sandboxes' fixed-fate numbers 2547000000xx). */
export const freshPhone = () => `2547${randomInt(10_000_000, 99_999_999)}`;

/**
 * Gives a user a verified number as the one-time-code journey leaves it (the number item and its
 * owner item), for tests about what is sent to it; the journey itself is tested in phones.test.ts.
 */
export async function giveVerifiedPhone(userId: string, phone = freshPhone()): Promise<string> {
  const { doc, name } = table();
  await doc.send(new PutCommand({ TableName: name, Item: { ...verifiedPhoneKey(userId), userId, phone, verifiedAt: new Date().toISOString() } }));
  await doc.send(new PutCommand({ TableName: name, Item: { ...phoneOwnerKey(phone), userId, phone } }));
  return phone;
}
