import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@functions/bookings/contract';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '@functions/bookings/contract';
import {
  bookingStatusBadge, canJoin, canPayNow, canVerifyPayment, isUpcomingBooking, otherParty, paymentStatusBadge, successRate,
  recentBookings, upcomingClasses,
} from './booking-status';
import { bookingSections, canBookAgain, canCancel, cancellationSummary, cancelOutcome, listedSingly, liveOpensLater } from './booking-status';
import { lookupOf } from '../../shared/i18n/lookup';
import { useMyBookingsText } from './mine-text';
import { useBookingsText } from './text';

beforeAll(() => i18n.activate('en'));
const t = lookupOf(useBookingsText);
const mine = lookupOf(useMyBookingsText);

const NOW = new Date('2026-06-10T12:00:00Z');
let n = 0;
function booking(over: Partial<Booking> = {}): Booking {
  n += 1;
  return {
    id: `b${n}`, studentId: 'stu', tutorId: 'tut', subject: 'Mathematics', scheduledAt: '2026-06-11T06:00:00.000Z',
    durationMinutes: 60, hourlyRate: 1500, totalAmount: 1500, amountMinor: 150_000, currency: 'KES',
    status: 'pending', paymentStatus: 'pending', createdAt: '2026-06-10T08:00:00.000Z',
    tutor: { id: 'tut', firstName: 'Otieno', lastName: 'Odhiambo' }, student: { id: 'stu', firstName: 'Wanjiku', lastName: 'Kamau' },
    ...over,
  };
}
const hoursFromNow = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();

describe('badges', () => {
  it('maps booking status: confirmed primary, completed, cancelled, expired, else pending', () => {
    expect(bookingStatusBadge('confirmed', t)).toEqual({ label: 'Confirmed', tone: 'primary' });
    expect(bookingStatusBadge('completed', t).label).toBe('Completed');
    expect(bookingStatusBadge('cancelled', t).label).toBe('Cancelled');
    expect(bookingStatusBadge('expired', t).label).toBe('Expired');
    expect(bookingStatusBadge('pending', t)).toEqual({ label: 'Pending', tone: 'pending' });
    expect(bookingStatusBadge('something-new', t)).toEqual({ label: 'Pending', tone: 'pending' });
    for (const status of BOOKING_STATUSES) expect(bookingStatusBadge(status, t).label).not.toBe('');
  });

  it('maps payment status: paid, failed, refunded, else pending', () => {
    expect(paymentStatusBadge('paid', t)).toEqual({ label: 'Paid', tone: 'success' });
    expect(paymentStatusBadge('failed', t).label).toBe('Payment failed');
    expect(paymentStatusBadge('refunded', t).label).toBe('Refunded');
    expect(paymentStatusBadge('pending', t).label).toBe('Payment pending');
    expect(paymentStatusBadge('', t).label).toBe('Payment pending');
    for (const status of PAYMENT_STATUSES) expect(paymentStatusBadge(status, t).label).not.toBe('');
  });
});

describe('upcoming classes', () => {
  it('is confirmed or paid, and in the future', () => {
    const later = hoursFromNow(1);
    expect(isUpcomingBooking(booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: later }), NOW)).toBe(true);
    expect(isUpcomingBooking(booking({ status: 'pending', paymentStatus: 'paid', scheduledAt: later }), NOW)).toBe(true);
    expect(isUpcomingBooking(booking({ status: 'confirmed', paymentStatus: 'pending', scheduledAt: later }), NOW)).toBe(true);
    expect(isUpcomingBooking(booking({ status: 'pending', paymentStatus: 'pending', scheduledAt: later }), NOW)).toBe(false);
    // Held early (ended before its hour) or cancelled: no longer to come.
    expect(isUpcomingBooking(booking({ status: 'completed', paymentStatus: 'paid', scheduledAt: later }), NOW)).toBe(false);
    expect(isUpcomingBooking(booking({ status: 'cancelled', paymentStatus: 'paid', scheduledAt: later }), NOW)).toBe(false);
    expect(isUpcomingBooking(booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: hoursFromNow(-1) }), NOW)).toBe(false);
    expect(isUpcomingBooking(booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: NOW.toISOString() }), NOW)).toBe(false);
  });

  it('keeps at most 5, soonest first', () => {
    const list = [7, 3, 1, 6, 2, 5, 4].map((h) => booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: hoursFromNow(h) }));
    list.push(booking({ status: 'pending', paymentStatus: 'pending', scheduledAt: hoursFromNow(0.5) }));
    list.push(booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: hoursFromNow(-2) }));
    const shown = upcomingClasses(list, NOW);
    expect(shown.map((b) => b.scheduledAt)).toEqual([1, 2, 3, 4, 5].map(hoursFromNow));
  });
});

describe('tutor bookings list (the 10 most recent)', () => {
  it('keeps the 10 most recently made, newest first', () => {
    const list = Array.from({ length: 12 }, (_, i) =>
      booking({ createdAt: new Date(Date.UTC(2026, 5, 1 + i)).toISOString(), scheduledAt: hoursFromNow(24 * (12 - i)) }));
    const shown = recentBookings(list);
    expect(shown).toHaveLength(10);
    expect(shown[0]!.createdAt).toBe('2026-06-12T00:00:00.000Z');
    expect(shown[9]!.createdAt).toBe('2026-06-03T00:00:00.000Z');
    expect(list[0]!.createdAt).toBe('2026-06-01T00:00:00.000Z'); // not sorted in place
  });
});

describe('what a booking offers', () => {
  it('names the other party', () => {
    const b = booking();
    expect(otherParty(b, 'stu')).toEqual({ role: 'tutor', name: 'Otieno Odhiambo' });
    expect(otherParty(b, 'tut')).toEqual({ role: 'student', name: 'Wanjiku Kamau' });
    // A child's own login: neither the payer nor the tutor, and the lesson is with the tutor.
    expect(otherParty(b, 'child-login')).toEqual({ role: 'tutor', name: 'Otieno Odhiambo' });
  });

  it('Verify Payment: payment pending with a provider reference', () => {
    expect(canVerifyPayment(booking({ paymentReference: 'ALP-1' }))).toBe(true);
    expect(canVerifyPayment(booking())).toBe(false);
    expect(canVerifyPayment(booking({ paymentReference: 'ALP-1', paymentStatus: 'paid' }))).toBe(false);
  });

  it('Pay now: the student\'s own unpaid booking while its hold runs', () => {
    const held = booking({ holdExpiresAt: hoursFromNow(0.25) });
    expect(canPayNow(held, 'stu', NOW)).toBe(true);
    expect(canPayNow({ ...held, paymentStatus: 'failed' }, 'stu', NOW)).toBe(true);
    expect(canPayNow(held, 'tut', NOW)).toBe(false);
    expect(canPayNow(held, undefined, NOW)).toBe(false);
    expect(canPayNow({ ...held, holdExpiresAt: hoursFromNow(-0.1) }, 'stu', NOW)).toBe(false);
    expect(canPayNow({ ...held, status: 'expired' }, 'stu', NOW)).toBe(false);
    expect(canPayNow({ ...held, paymentStatus: 'paid', status: 'confirmed' }, 'stu', NOW)).toBe(false);
  });

  it('Join session / Start Class only when paid, and no more once the lesson is completed or cancelled', () => {
    expect(canJoin(booking({ paymentStatus: 'paid' }))).toBe(true);
    expect(canJoin(booking({ paymentStatus: 'paid', status: 'confirmed' }))).toBe(true);
    // A held lesson is over: no Join or Start Class, its Completed badge says so.
    for (const status of ['completed', 'cancelled'] as const) expect(canJoin(booking({ paymentStatus: 'paid', status }))).toBe(false);
    for (const paymentStatus of ['pending', 'failed', 'refunded'] as const) expect(canJoin(booking({ paymentStatus }))).toBe(false);
    expect(canJoin(booking({ paymentStatus: 'paid', status: 'completed' }))).toBe(false);
    expect(canJoin(booking({ paymentStatus: 'paid', status: 'cancelled' }))).toBe(false);
  });
});

describe('successRate (tutor stat card)', () => {
  it('is not 0% before any lesson has happened', () => {
    expect(successRate({ pastSessions: 0, completionRate: 0 }, t)).toBe('No lessons yet');
  });

  it('is the percent once lessons are past', () => {
    expect(successRate({ pastSessions: 2, completionRate: 50 }, t)).toBe('50%');
    expect(successRate({ pastSessions: 2, completionRate: 0 }, t)).toBe('0%');
  });
});

describe('cancel', () => {
  const paid = {
    studentId: 's', tutorId: 't', status: 'confirmed' as const, paymentStatus: 'paid' as const,
    scheduledAt: '2026-12-01T12:00:00.000Z', freeCancellationUntil: '2026-12-01T00:00:00.000Z',
  };
  it('is offered to either party before the start, and for an unpaid hold only to its student', () => {
    const before = new Date('2026-12-01T11:00:00Z');
    expect(canCancel(paid, 's', before)).toBe(true);
    expect(canCancel(paid, 't', before)).toBe(true);
    expect(canCancel(paid, 'x', before)).toBe(false);
    expect(canCancel(paid, 's', new Date('2026-12-01T12:00:00Z'))).toBe(false);
    const hold = { ...paid, status: 'pending' as const, paymentStatus: 'pending' as const };
    expect(canCancel(hold, 's', before)).toBe(true);
    expect(canCancel(hold, 't', before)).toBe(false);
  });
  it('says before confirming whether the money comes back', () => {
    expect(cancelOutcome(paid, 's', mine, new Date('2026-11-30T23:59:00Z')).refund).toBe(true);
    expect(cancelOutcome(paid, 's', mine, new Date('2026-12-01T00:01:00Z'))).toMatchObject({ refund: false, text: expect.stringContaining('not refunded') });
    expect(cancelOutcome(paid, 't', mine, new Date('2026-12-01T00:01:00Z')).text).toContain('late cancellation');
  });
});

describe('cancellation summary', () => {
  const cancelled = { noShow: undefined, paymentStatus: 'refunded' as const, cancellation: { by: 'tutor' as const, at: '2026-06-01T00:00:00.000Z', refundDue: true, reason: 'Ill' } };
  it('says who cancelled, what happens to the money and why, in one line', () => {
    expect(cancellationSummary(cancelled, 'stu', 'stu', mine)).toBe('Cancelled by the tutor. Refunded in full. Reason: Ill');
    expect(cancellationSummary(cancelled, 'tut', 'stu', mine)).toBe('Cancelled by you. Refunded in full. Reason: Ill');
    expect(cancellationSummary({ ...cancelled, paymentStatus: 'pending', cancellation: { ...cancelled.cancellation, by: 'system', reason: undefined } }, 'stu', 'stu', mine))
      .toBe('Cancelled.');
  });
});

describe('Start Class and Join session before the class opens', () => {
  it('wait until 15 minutes before the start, saying when; open from then on', () => {
    const lesson = { scheduledAt: '2026-06-01T14:00:00.000Z' };
    expect(liveOpensLater(lesson, new Date('2026-05-25T14:00:00.000Z'))).toEqual(new Date('2026-06-01T13:45:00.000Z'));
    expect(liveOpensLater(lesson, new Date('2026-06-01T13:44:59.000Z'))).toEqual(new Date('2026-06-01T13:45:00.000Z'));
    expect(liveOpensLater(lesson, new Date('2026-06-01T13:45:00.000Z'))).toBeNull();
    expect(liveOpensLater(lesson, new Date('2026-06-01T14:30:00.000Z'))).toBeNull();
  });
});

describe('My Bookings sections', () => {
  it('puts cancelled and expired apart, a lesson under way with the upcoming, and what is over in the past, each in its order', () => {
    const soon = booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: hoursFromNow(2) });
    const later = booking({ status: 'pending', scheduledAt: hoursFromNow(48) });
    const live = booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: hoursFromNow(-0.5), durationMinutes: 60 });
    const done = booking({ status: 'completed', paymentStatus: 'paid', scheduledAt: hoursFromNow(-24) });
    const lapsed = booking({ status: 'confirmed', paymentStatus: 'paid', scheduledAt: hoursFromNow(-3) });
    const expired = booking({ status: 'expired', scheduledAt: hoursFromNow(24) });
    const cancelled = booking({ status: 'cancelled', paymentStatus: 'refunded', scheduledAt: hoursFromNow(72) });
    const sections = bookingSections([later, done, expired, soon, cancelled, lapsed, live], NOW);
    expect(sections.upcoming.map((b) => b.id)).toEqual([live.id, soon.id, later.id]);
    expect(sections.past.map((b) => b.id)).toEqual([lapsed.id, done.id]);
    expect(sections.closed.map((b) => b.id)).toEqual([cancelled.id, expired.id]);
  });

  it('offers Book again on the student\'s own expired hold only', () => {
    expect(canBookAgain(booking({ status: 'expired' }), 'stu')).toBe(true);
    expect(canBookAgain(booking({ status: 'expired' }), 'tut')).toBe(false);
    expect(canBookAgain(booking({ status: 'cancelled' }), 'stu')).toBe(false);
    expect(canBookAgain(booking({ status: 'pending' }), 'stu')).toBe(false);
  });
});

describe('a weekly plan\'s lessons in My Bookings', () => {
  it('leaves a plan\'s held, unpaid lessons to their plan and lists them once paid, like any lesson', () => {
    expect(listedSingly({ planId: 'p1', status: 'pending' })).toBe(false);
    expect(listedSingly({ planId: 'p1', status: 'confirmed' })).toBe(true);
    expect(listedSingly({ planId: 'p1', status: 'expired' })).toBe(true);
    expect(listedSingly({ status: 'pending' })).toBe(true);
  });
});
