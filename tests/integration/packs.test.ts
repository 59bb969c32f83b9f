/**
 * Lesson packs against the emulators and the Paystack sandbox: a tutor offers a pack priced by the
 * server; a parent buys it for a child and pays by M-Pesa prompt, confirmed once however often the
 * webhook comes; the credits are booked lesson by lesson as paid lessons with their ledger share;
 * two bookings racing for the last credit never spend it twice; another household cannot use or
 * see the pack; a lesson cancelled in time gives its credit back, once, and no money moves.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddLearnerRequest } from '../../functions/households/contract.js';
import { packMessages } from '../../functions/packs/messages.js';
import { completeLesson } from '../../functions/bookings/service.js';
import { askRefundsStillDue } from '../../functions/bookings/cancel-service.js';
import { refundDueItem } from '../../functions/bookings/keys.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, type TestUser } from '../support/api.js';
import { bookableTutor, freeStarts, getItem, OUTSIDE_CANCEL_WINDOW_HOURS, paidByPrompt, setAttributes, table } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

const amani: AddLearnerRequest = { firstName: 'Amani', lastName: 'Kipchumba', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] };

type Pack = { id: string; status: string; creditsLeft: number; unassignedMinor: number; priceMinor: number; lessons: number; learnerId?: string; paymentReference?: string };
type Booking = { id: string; amountMinor: number; paymentStatus: string; status: string; packId?: string; learner?: { id: string }; scheduledAt: string };

const addChild = async (parent: TestUser) => (await expectOk(callApi('addLearner', { token: parent.accessToken, body: amani }), 'add child')).learner;

async function offer(tutor: TestUser, lessons: number, discountPercent: number) {
  const res = await api<{ offer: { id: string; price: number; fullPrice: number } }>('/api/me/pack-offers', {
    method: 'POST', token: tutor.accessToken, body: { lessons, durationMinutes: 60, discountPercent },
  });
  expect(res.status).toBe(201);
  return res.body.offer;
}

async function buy(payer: TestUser, tutor: TestUser, offerId: string, learnerId?: string): Promise<Pack> {
  const res = await api<{ pack: Pack }>('/api/packs', {
    method: 'POST', token: payer.accessToken, body: { tutorId: tutor.userId, offerId, subject: 'Mathematics', ...(learnerId ? { learnerId } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.pack;
}

/** The M-Pesa prompt answered with the PIN in the sandbox, and Paystack's webhook delivered twice. */
async function payByPrompt(payer: TestUser, pack: Pack): Promise<string> {
  const sent = await api<{ reference: string }>(`/api/packs/${pack.id}/mpesa-prompt`, { method: 'POST', token: payer.accessToken, body: { phone: '0712 345 678' } });
  expect(sent.status).toBe(200);
  const { reference } = sent.body;
  await paidByPrompt(reference, pack.priceMinor);
  return reference;
}

const packOf = async (user: TestUser, packId: string) => (await api<{ pack: Pack }>(`/api/packs/${packId}`, { token: user.accessToken }));
const bookFrom = (user: TestUser, packId: string, start: string) =>
  api<{ booking: Booking; error?: { message: string } }>(`/api/packs/${packId}/bookings`, { method: 'POST', token: user.accessToken, body: { start } });

async function paidPack(lessons: number, options: { child?: boolean; rate?: number } = {}) {
  const [tutor, parent] = await Promise.all([bookableTutor({ hourlyRate: options.rate ?? 1500 }), createUser('parent')]);
  const child = options.child === false ? undefined : await addChild(parent);
  const { id: offerId } = await offer(tutor, lessons, 10);
  const pack = await buy(parent, tutor, offerId, child?.id);
  const reference = await payByPrompt(parent, pack);
  return { tutor, parent, child, pack: (await packOf(parent, pack.id)).body.pack, reference };
}

const putItem = async (item: Record<string, unknown>) => {
  const { doc, name } = table();
  await doc.send(new PutCommand({ TableName: name, Item: item }));
};

describe('lesson packs', () => {
  it('a tutor offers packs priced by the server, at most five, within the terms', async () => {
    const tutor = await bookableTutor({ hourlyRate: 1333 });
    // 5 hours at KSh 1,333 less 15%, rounded down to a whole shilling.
    const made = await offer(tutor, 5, 15);
    expect(made).toMatchObject({ fullPrice: 6665, price: 5665 });
    const publicList = await api<{ offers: Array<{ id: string; price: number }> }>(`/api/tutors/${tutor.userId}/packs`);
    expect(publicList.body.offers).toEqual([expect.objectContaining({ id: made.id, price: 5665 })]);

    const tooBig = await api('/api/me/pack-offers', { method: 'POST', token: tutor.accessToken, body: { lessons: 25, durationMinutes: 60, discountPercent: 10 } });
    expect([tooBig.status, tooBig.body.error?.message]).toEqual([400, packMessages.lessons]);
    const greedy = await api('/api/me/pack-offers', { method: 'POST', token: tutor.accessToken, body: { lessons: 5, durationMinutes: 60, discountPercent: 80 } });
    expect(greedy.status).toBe(400);
    for (let i = 0; i < 4; i++) await offer(tutor, 2 + i, 0);
    const sixth = await api('/api/me/pack-offers', { method: 'POST', token: tutor.accessToken, body: { lessons: 10, durationMinutes: 60, discountPercent: 0 } });
    expect([sixth.status, sixth.body.error?.message]).toEqual([422, packMessages.tooManyOffers]);

    // A family never sends the amount: the pack costs what the server says.
    const student = await createUser('student');
    const bought = await api<{ pack: Pack }>('/api/packs', {
      method: 'POST', token: student.accessToken, body: { tutorId: tutor.userId, offerId: made.id, subject: 'Mathematics', priceMinor: 100 },
    });
    expect(bought.status).toBe(201);
    expect(bought.body.pack).toMatchObject({ priceMinor: 566_500, status: 'awaiting_payment', creditsLeft: 5 });

    // Withdrawn: no longer sold, the pack already bought keeps its terms.
    expect((await api(`/api/me/pack-offers/${made.id}`, { method: 'DELETE', token: tutor.accessToken })).status).toBe(204);
    expect((await api(`/api/packs`, { method: 'POST', token: student.accessToken, body: { tutorId: tutor.userId, offerId: made.id, subject: 'Mathematics' } })).status).toBe(404);
    expect((await packOf(student, bought.body.pack.id)).body.pack).toMatchObject({ priceMinor: 566_500, creditsLeft: 5 });
  });

  it('a parent buys a pack for a child by M-Pesa prompt: paid once with one ledger entry, then booked credit by credit as paid lessons', async () => {
    const { tutor, parent, child, pack, reference } = await paidPack(3);
    // 3 hours at KSh 1,500 less 10%.
    expect(pack).toMatchObject({ status: 'active', creditsLeft: 3, priceMinor: 405_000, unassignedMinor: 405_000, learnerId: child!.id, paymentReference: reference });
    expect(await getItem(`TXN#${reference}`, 'TXN')).toMatchObject({ amountMinor: 405_000 });
    const entry = await eventually(() => getItem(`LEDGER#ENTRY#payment#${reference}`, 'ENTRY'), 15_000);
    expect(entry.postings).toEqual(expect.arrayContaining([expect.objectContaining({ account: 'lessons_held', amountMinor: 405_000 })]));
    // A receipt, once, although the webhook came twice.
    const receipts = await eventually(async () => {
      const found = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(parent.email) && m.body.includes(reference));
      return found.length ? found : undefined;
    }, 20_000);
    expect(receipts).toHaveLength(1);

    // Paying again is refused: the pack is paid.
    const again = await api(`/api/packs/${pack.id}/mpesa-prompt`, { method: 'POST', token: parent.accessToken, body: { phone: '0712 345 678' } });
    expect([again.status, again.body.error?.message]).toEqual([409, packMessages.alreadyPaid]);

    const starts = await freeStarts(tutor.userId);
    const booked: Booking[] = [];
    for (const start of [starts[0]!, starts[3]!, starts[6]!]) {
      const res = await bookFrom(parent, pack.id, start);
      expect(res.status).toBe(201);
      booked.push(res.body.booking);
    }
    // Each a paid, confirmed lesson for the child, worth its share; the shares add up to what was paid.
    for (const b of booked) expect(b).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', packId: pack.id, learner: { id: child!.id } });
    expect(booked.reduce((sum, b) => sum + b.amountMinor, 0)).toBe(405_000);
    for (const b of booked) {
      expect(await getItem(`LEDGER#PAYMENT#${reference}/${b.id}`, 'SOURCE')).toMatchObject({ bookingId: b.id, amountMinor: b.amountMinor, stage: 'held' });
    }
    expect((await packOf(parent, pack.id)).body.pack).toMatchObject({ creditsLeft: 0, unassignedMinor: 0 });
    // A lesson taught earns the tutor its own share only.
    expect(await completeLesson(booked[0]!.id, 'ended_by_tutor', new Date())).toBe(true);
    const earned = await eventually(() => getItem(`LEDGER#ENTRY#earned#${reference}/${booked[0]!.id}`, 'ENTRY'), 15_000);
    expect(earned.postings).toEqual(expect.arrayContaining([expect.objectContaining({ account: 'lessons_held', amountMinor: -booked[0]!.amountMinor })]));
    expect(await getItem(`LEDGER#PAYMENT#${reference}/${booked[1]!.id}`, 'SOURCE')).toMatchObject({ stage: 'held' });
    const none = await bookFrom(parent, pack.id, starts[9]!);
    expect([none.status, none.body.error?.message]).toEqual([409, packMessages.noCredits]);
    // The tutor's hours are taken like any paid lesson's.
    expect(await freeStarts(tutor.userId)).not.toContain(starts[3]);
    const listed = await api<{ packs: Pack[] }>('/api/me/packs', { token: parent.accessToken });
    expect(listed.body.packs.map((p) => [p.id, p.creditsLeft])).toEqual([[pack.id, 0]]);
  });

  it('two bookings racing for the last credit: one lesson is booked, the other told the pack is used up', async () => {
    const { tutor, parent, pack } = await paidPack(2, { child: false });
    const starts = await freeStarts(tutor.userId);
    expect((await bookFrom(parent, pack.id, starts[0]!)).status).toBe(201);
    const raced = await Promise.all([bookFrom(parent, pack.id, starts[2]!), bookFrom(parent, pack.id, starts[4]!)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(raced.find((r) => r.status === 409)!.body.error?.message).toBe(packMessages.noCredits);
    const after = (await packOf(parent, pack.id)).body.pack;
    expect(after).toMatchObject({ creditsLeft: 0, unassignedMinor: 0 });
    // The loser's hour stays free.
    const loser = raced.findIndex((r) => r.status === 409);
    expect(await freeStarts(tutor.userId)).toContain([starts[2], starts[4]][loser]);
  });

  it('another household can neither see, pay nor book from the pack; an unpaid pack books nothing', async () => {
    const [tutor, parent, stranger] = await Promise.all([bookableTutor(), createUser('parent'), createUser('parent')]);
    const child = await addChild(parent);
    const { id: offerId } = await offer(tutor, 4, 0);
    const pack = await buy(parent, tutor, offerId, child.id);
    const [start] = await freeStarts(tutor.userId);

    const unpaid = await bookFrom(parent, pack.id, start!);
    expect([unpaid.status, unpaid.body.error?.message]).toEqual([409, packMessages.unpaid]);
    expect((await packOf(stranger, pack.id)).status).toBe(403);
    const prompt = await api(`/api/packs/${pack.id}/mpesa-prompt`, { method: 'POST', token: stranger.accessToken, body: { phone: '0712 345 678' } });
    expect(prompt.status).toBe(403);
    expect(await getItem(`PAYMENT#PACK-${pack.id}-1`, 'PAYMENT')).toBeUndefined();

    await payByPrompt(parent, pack);
    const theirs = await bookFrom(stranger, pack.id, start!);
    expect([theirs.status, theirs.body.error?.message]).toEqual([403, packMessages.notYours]);
    expect((await api<{ packs: Pack[] }>('/api/me/packs', { token: stranger.accessToken })).body.packs).toEqual([]);
    // Buying for another household's child is refused, with nothing written.
    const forOther = await api('/api/packs', { method: 'POST', token: stranger.accessToken, body: { tutorId: tutor.userId, offerId, subject: 'Mathematics', learnerId: child.id } });
    expect([403, 404]).toContain(forOther.status);
    expect((await packOf(parent, pack.id)).body.pack.creditsLeft).toBe(4);
    expect((await api('/api/packs/' + randomUUID(), { token: parent.accessToken })).status).toBe(404);
  });

  it('a pack lesson cancelled in time gives its credit back once, and no money moves', async () => {
    const { tutor, parent, pack, reference } = await paidPack(2);
    const [start] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
    const { booking } = (await bookFrom(parent, pack.id, start!)).body;
    expect((await packOf(parent, pack.id)).body.pack.creditsLeft).toBe(1);

    const cancelled = await callApi('cancelBooking', { token: parent.accessToken, params: { bookingId: booking.id }, body: {} });
    expect(cancelled.status).toBe(200);
    const again = await callApi('cancelBooking', { token: parent.accessToken, params: { bookingId: booking.id }, body: {} });
    expect(again.status).toBeLessThan(500);
    expect((await packOf(parent, pack.id)).body.pack).toMatchObject({ creditsLeft: 2, unassignedMinor: pack.priceMinor });
    // The lesson's ledger share is back with the pack; no refund of the pack's payment is asked.
    expect(await getItem(`LEDGER#PAYMENT#${reference}/${booking.id}`, 'SOURCE')).toBeUndefined();
    expect(await getItem(`PAYMENT#${reference}`, 'REFUND')).toBeUndefined();
    expect(await freeStarts(tutor.userId)).toContain(start);
    // The family is told the lesson went back to the pack, not that money is coming.
    const mail = await eventually(async () => (await sentEmails()).find((m) => m.destinations.ToAddresses.includes(parent.email) && /^Cancelled:/.test(m.subject)), 20_000);
    expect(mail.body).toContain('the lesson goes back to the pack');
    expect(mail.body).not.toContain('refunded in full');
    expect(await getItem(`BOOKING#${booking.id}`, `REFUNDDUE#PACK-${pack.id}`)).toBeUndefined();
    // The credit can be booked again.
    expect((await bookFrom(parent, pack.id, start!)).status).toBe(201);
  });

  it('a credit owed by a cancel whose process died is given back by the refunds-due job, once', async () => {
    const { tutor, parent, pack } = await paidPack(2, { child: false });
    const [start] = await freeStarts(tutor.userId);
    const { booking } = (await bookFrom(parent, pack.id, start!)).body;
    // The cancel was written with what it owes, and the process died before the credit came back.
    const dueAt = new Date(Date.now() - 10 * 60_000).toISOString();
    await setAttributes(`BOOKING#${booking.id}`, 'BOOKING', { status: 'cancelled' });
    await putItem(refundDueItem({ bookingId: booking.id, reference: `PACK-${pack.id}`, packId: pack.id, by: 'student', reason: 'Cancelled by the student', dueAt }));
    expect((await packOf(parent, pack.id)).body.pack.creditsLeft).toBe(1);

    await askRefundsStillDue();
    expect((await packOf(parent, pack.id)).body.pack).toMatchObject({ creditsLeft: 2, unassignedMinor: pack.priceMinor });
    expect(await getItem(`BOOKING#${booking.id}`, `REFUNDDUE#PACK-${pack.id}`)).toBeUndefined();
    await putItem(refundDueItem({ bookingId: booking.id, reference: `PACK-${pack.id}`, packId: pack.id, by: 'student', reason: 'Cancelled by the student', dueAt }));
    await askRefundsStillDue();
    expect((await packOf(parent, pack.id)).body.pack.creditsLeft).toBe(2);
  });
});
