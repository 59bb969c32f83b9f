import { describe, expect, it } from 'vitest';
import { deletionRefusal, isFutureLesson, pseudonymised } from './rules.js';

const now = new Date('2026-11-28T10:00:00Z');

describe('when an account may be deleted', () => {
  it('not while a lesson is booked in the future, nor while earnings wait for a payout', () => {
    expect(deletionRefusal({ futureLessons: 1, moneyAwaitingPayoutMinor: 0 })).toBe('futureLesson');
    expect(deletionRefusal({ futureLessons: 0, moneyAwaitingPayoutMinor: 150_00 })).toBe('moneyAwaitingPayout');
    expect(deletionRefusal({ futureLessons: 0, moneyAwaitingPayoutMinor: 0 })).toBeNull();
  });

  it('counts booked lessons still to come, not past, cancelled or lapsed unpaid ones', () => {
    const later = '2026-11-29T09:00:00.000Z';
    expect(isFutureLesson({ scheduledAt: later, status: 'confirmed', paymentStatus: 'paid' }, now)).toBe(true);
    expect(isFutureLesson({ scheduledAt: later, status: 'pending', holdExpiresAt: '2026-11-28T10:20:00.000Z' }, now)).toBe(true);
    expect(isFutureLesson({ scheduledAt: later, status: 'pending', holdExpiresAt: '2026-11-28T09:30:00.000Z' }, now)).toBe(false);
    expect(isFutureLesson({ scheduledAt: later, status: 'cancelled' }, now)).toBe(false);
    expect(isFutureLesson({ scheduledAt: '2026-11-27T09:00:00.000Z', status: 'confirmed', paymentStatus: 'paid' }, now)).toBe(false);
  });
});

describe('a kept item, pseudonymised', () => {
  it('names nobody: names read the replacement, contacts go, ids and amounts stay', () => {
    const item = { pk: 'BOOKING#b1', sk: 'BOOKING', studentId: 'u1', studentName: 'Amina W.', email: 'a@example.com', amountMinor: 150000 };
    expect(pseudonymised(item, 'Deleted user')).toEqual({ set: { studentName: 'Deleted user' }, remove: ['email'] });
  });

  it('changes nothing the second time', () => {
    expect(pseudonymised({ pk: 'REVIEW#b1', sk: 'REVIEW', studentName: 'Deleted user', rating: 5 }, 'Deleted user')).toBeNull();
  });
});
