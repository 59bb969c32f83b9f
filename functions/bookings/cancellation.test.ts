import { describe, expect, it } from 'vitest';
import { cancellationDecision, freeCancellationHours, freeCancellationUntil } from './cancellation.js';

const start = '2026-12-01T12:00:00.000Z';
const before = (minutes: number) => new Date(Date.parse(start) - minutes * 60_000);
const paid = { status: 'confirmed' as const, paymentStatus: 'paid' as const, scheduledAt: start };

describe('the cancellation policy', () => {
  it('refunds a student in full at 12:01 h before the start, not at 11:59 h', () => {
    expect(cancellationDecision(paid, 'student', before(12 * 60 + 1), 12)).toMatchObject({ allowed: true, refundDue: true, lateByTutor: false });
    expect(cancellationDecision(paid, 'student', before(11 * 60 + 59), 12)).toMatchObject({ allowed: true, refundDue: false });
  });
  it('refunds the student whenever the tutor cancels, and marks it late inside the window', () => {
    expect(cancellationDecision(paid, 'tutor', before(12 * 60 + 1), 12)).toMatchObject({ allowed: true, refundDue: true, lateByTutor: false });
    expect(cancellationDecision(paid, 'tutor', before(11 * 60 + 59), 12)).toMatchObject({ allowed: true, refundDue: true, lateByTutor: true });
  });
  it('refuses once the lesson has started, or when it is already cancelled', () => {
    expect(cancellationDecision(paid, 'tutor', before(0), 12)).toMatchObject({ allowed: false, code: 'lesson_started' });
    expect(cancellationDecision({ ...paid, status: 'cancelled' }, 'student', before(600), 12)).toMatchObject({ allowed: false, code: 'already_cancelled' });
    expect(cancellationDecision({ ...paid, status: 'completed' }, 'student', before(-600), 12)).toMatchObject({ allowed: false, code: 'not_cancellable' });
  });
  it('lets only the student release an unpaid hold, at once and without a refund', () => {
    const hold = { status: 'pending' as const, paymentStatus: 'pending' as const, scheduledAt: start };
    expect(cancellationDecision(hold, 'student', before(60), 12)).toEqual({ allowed: true, refundDue: false, lateByTutor: false, paid: false });
    expect(cancellationDecision(hold, 'tutor', before(60), 12)).toMatchObject({ allowed: false, code: 'hold_only_student' });
    expect(cancellationDecision({ ...hold, status: 'expired' }, 'student', before(60), 12)).toMatchObject({ allowed: false, code: 'not_cancellable' });
  });
  it('computes the deadline from a configurable window (default 12 h)', () => {
    expect(freeCancellationUntil(start, 12)).toBe('2026-12-01T00:00:00.000Z');
    expect(freeCancellationHours({})).toBe(12);
    expect(freeCancellationHours({ CANCELLATION_WINDOW_HOURS: '24' })).toBe(24);
    expect(freeCancellationHours({ CANCELLATION_WINDOW_HOURS: 'x' })).toBe(12);
  });
});
