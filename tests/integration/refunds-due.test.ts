/**
 * Refunds owed are never lost: a process that dies between a cancel (or a tutor
 * no-show) and the refund record leaves the cancel's refund-due marker, and the refunds-due job
 * asks that refund, once, against the emulator and the Paystack sandbox's real /refund.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelBookingRecord, getVersionedBooking, hoursStillHeld } from '../../functions/bookings/repository.js';
import { callApi, eventually, expectOk, signInDemoAdmin, stack } from '../support/api.js';
import { getItem, paidThroughSandbox } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

const MINUTE = 60_000;

/** What the cancelling request had written when its process died: the cancel and its marker, no refund. */
async function cancelledThenCrashed(bookingId: string, reference: string, at: Date): Promise<void> {
  const { booking: { lockedHours, ...booking }, version } = (await getVersionedBooking(bookingId))!;
  const hours = await hoursStillHeld(booking.tutorId, lockedHours, booking.id);
  const cancellation = { by: 'student' as const, at: at.toISOString(), refundDue: true, reason: 'Exams moved' };
  const written = await cancelBookingRecord({ ...booking, version }, cancellation, hours, {
    bookingId, reference, by: 'student', reason: 'Cancelled by the student: Exams moved', dueAt: at.toISOString(),
  });
  expect(written).toBe(true);
}

const marker = (bookingId: string, reference: string) => getItem(`BOOKING#${bookingId}`, `REFUNDDUE#${reference}`);
const refundOf = (reference: string) => getItem(`PAYMENT#${reference}`, 'REFUND');
async function sandboxRefunds(reference: string): Promise<unknown[]> {
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as { transactions: { reference: string; refunds: unknown[] }[] };
  return debug.transactions.find((t) => t.reference === reference)?.refunds ?? [];
}

describe('the refunds-due job', () => {
  it('asks the refund a crashed cancel left owed, once; the student gets it back', async () => {
    const { booking, reference } = await paidThroughSandbox();
    const cancelledAt = new Date();
    await cancelledThenCrashed(booking.id, reference, cancelledAt);
    expect(await refundOf(reference)).toBeUndefined();
    expect(await marker(booking.id, reference)).toBeDefined();

    // A run moments later leaves it to the request that may still be running.
    await runJobAt('refunds-due', new Date(cancelledAt.getTime() + MINUTE));
    expect(await refundOf(reference)).toBeUndefined();

    const later = new Date(cancelledAt.getTime() + 10 * MINUTE);
    const first = await runJobAt('refunds-due', later);
    expect(first.requested).toBeGreaterThanOrEqual(1);
    expect(await marker(booking.id, reference)).toBeUndefined();
    // Run again (a retry, an overlapping run): nothing is asked twice.
    await runJobAt('refunds-due', later);
    const refunded = await eventually(async () => {
      const b = await getItem(`BOOKING#${booking.id}`, 'BOOKING');
      return b?.paymentStatus === 'refunded' ? b : undefined;
    }, 15_000);
    expect(refunded.refund).toMatchObject({ status: 'processed', amountMinor: booking.amountMinor });
    expect(await refundOf(reference)).toMatchObject({ status: 'processed', by: 'student', reason: 'Cancelled by the student: Exams moved' });
    expect(await sandboxRefunds(reference)).toHaveLength(1);
  });

  it('drops the marker of a refund another path already asked, without asking again', async () => {
    const { booking, reference } = await paidThroughSandbox();
    const admin = await signInDemoAdmin();
    await expectOk(callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason: 'Dispute' } }), 'refund');
    const cancelledAt = new Date();
    await cancelledThenCrashed(booking.id, reference, cancelledAt);

    await runJobAt('refunds-due', new Date(cancelledAt.getTime() + 10 * MINUTE));
    expect(await marker(booking.id, reference)).toBeUndefined();
    await eventually(async () => (await refundOf(reference))?.status === 'processed', 15_000);
    expect(await sandboxRefunds(reference)).toHaveLength(1);
  });

  it('has nothing to do after a cancel that completed: the refund record took the marker away', async () => {
    const { student, booking, reference } = await paidThroughSandbox();
    await expectOk(callApi('cancelBooking', { token: student.accessToken, params: { bookingId: booking.id }, body: {} }), 'cancel');
    expect(await refundOf(reference)).toBeDefined();
    expect(await marker(booking.id, reference)).toBeUndefined();
  });
});
