/**
 * The booking's transaction writes only the booking and its tutor's hour locks: no item that other
 * students' bookings write too (concurrent transactions on one item cancel each other). And a
 * booking lost to conflicts is no "slot taken".
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('../shared/aws/dynamo.js', () => ({ dynamo: () => ({ send }) }));
vi.stubEnv('TABLE_NAME', 'alp-test');
import { createBookingWithLocks, HourTaken } from './repository.js';
import type { Booking } from './contract.js';

const booking = {
  id: 'b-1', studentId: 's-1', tutorId: 't-1', subject: 'Mathematics', scheduledAt: '2026-12-01T07:00:00.000Z', durationMinutes: 60,
  hourlyRate: 1500, totalAmount: 1500, amountMinor: 150_000, currency: 'KES', status: 'pending', paymentStatus: 'pending',
  holdExpiresAt: '2026-11-27T08:30:00.000Z', createdAt: '2026-11-27T08:00:00.000Z',
  tutor: { id: 't-1', firstName: 'T', lastName: 'One' }, student: { id: 's-1', firstName: 'S', lastName: 'One' },
} as unknown as Booking;
const hours = ['2026-12-01T07:00:00.000Z'];
const now = new Date('2026-11-27T08:00:00Z');
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => {
  send.mockReset();
});

describe('a booking\'s transaction', () => {
  it('writes the booking and the tutor\'s hour locks, nothing else', async () => {
    send.mockResolvedValue({});
    await createBookingWithLocks(booking, hours, now);
    const items = (send.mock.calls[0]![0] as { input: { TransactItems: Array<Record<string, { Key?: { pk: string }; Item?: { pk: string } }>> } }).input.TransactItems;
    const pks = items.map((item) => { const write = Object.values(item)[0]!; return (write.Item ?? write.Key)!.pk; });
    expect(pks).toEqual(['BOOKING#b-1', 'TUTOR#t-1']);
  });

  it('is "hour taken" only when an hour\'s condition failed', async () => {
    send.mockRejectedValue(cancelled('None', 'ConditionalCheckFailed'));
    await expect(createBookingWithLocks(booking, hours, now)).rejects.toBeInstanceOf(HourTaken);
  });

  it('lost to conflicts with other transactions (the hour free), it is an error to retry, never "hour taken"', async () => {
    send.mockRejectedValue(cancelled('TransactionConflict', 'None'));
    const error = await createBookingWithLocks(booking, hours, now).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HourTaken);
    expect((error as Error).name).toBe('TransactionCanceledException');
  }, 20_000);
});
