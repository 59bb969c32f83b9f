import { describe, expect, it } from 'vitest';
import { refundSplit, splitPayment } from '../ledger/rules.js';
import { refundAmountMinor, reportDeadline, reportRefusal, sameDecision, statusAfter, type LessonFacts } from './rules.js';

const lesson: LessonFacts = {
  studentId: 'student-1', status: 'completed', paymentStatus: 'paid', scheduledAt: '2026-11-20T10:00:00.000Z', durationMinutes: 60,
  completedAt: '2026-11-20T11:00:00.000Z',
};
const at = (iso: string) => new Date(iso);

describe('the report window', () => {
  it('closes 24 hours after the lesson ends', () => {
    expect(reportDeadline(lesson)).toBe('2026-11-21T11:00:00.000Z');
    expect(reportRefusal(lesson, 'student-1', at('2026-11-21T10:59:59.000Z'))).toBeNull();
    expect(reportRefusal(lesson, 'student-1', at('2026-11-21T11:00:00.000Z'))).toBeNull();
    expect(reportRefusal(lesson, 'student-1', at('2026-11-21T11:00:00.001Z'))).toBe('window_closed');
  });

  it('counts from the scheduled end when the tutor ended the lesson early', () => {
    expect(reportDeadline({ ...lesson, completedAt: '2026-11-20T10:20:00.000Z' })).toBe('2026-11-21T11:00:00.000Z');
  });

  it('counts from the completion when the lessons job completed it after its end', () => {
    expect(reportDeadline({ ...lesson, completedAt: '2026-11-20T11:05:00.000Z' })).toBe('2026-11-21T11:05:00.000Z');
  });
});

describe('who may report', () => {
  const now = at('2026-11-20T12:00:00.000Z');
  it('only the student who paid', () => expect(reportRefusal(lesson, 'tutor-1', now)).toBe('not_yours'));
  it('only a completed, paid lesson', () => {
    expect(reportRefusal({ ...lesson, status: 'confirmed' }, 'student-1', now)).toBe('not_completed');
    expect(reportRefusal({ ...lesson, status: 'cancelled', paymentStatus: 'paid' }, 'student-1', now)).toBe('not_completed');
  });
  it('not a lesson already refunded', () => {
    expect(reportRefusal({ ...lesson, refund: { status: 'pending' } }, 'student-1', now)).toBe('already_refunded');
  });
});

describe('refund amounts', () => {
  it('a full refund gives back what was paid; a release nothing', () => {
    expect(refundAmountMinor('full_refund', 150_000)).toEqual({ ok: true, refundMinor: 150_000 });
    expect(refundAmountMinor('release', 150_000)).toEqual({ ok: true });
  });
  it('a partial refund is in KSh, more than nothing and at most what was paid', () => {
    expect(refundAmountMinor('partial_refund', 150_000, 500.5)).toEqual({ ok: true, refundMinor: 50_050 });
    expect(refundAmountMinor('partial_refund', 150_000, 1500)).toEqual({ ok: true, refundMinor: 150_000 });
    expect(refundAmountMinor('partial_refund', 150_000, 1500.01)).toEqual({ ok: false, error: 'amount_too_large' });
    expect(refundAmountMinor('partial_refund', 150_000)).toEqual({ ok: false, error: 'amount_required' });
    expect(refundAmountMinor('partial_refund', 150_000, 0.001)).toEqual({ ok: false, error: 'amount_required' });
  });
});

describe('a partial refund of held earnings', () => {
  it('comes back out of the tutor\'s share and the fee in proportion; what is left stays pending', () => {
    const split = splitPayment(150_000, 1500); // KSh 1,500 at 15 %: fee 225, share 1,275
    const back = refundSplit(split, 50_000); // KSh 500 back, a third
    expect(back).toEqual({ tutorMinor: 42_500, feeMinor: 7_500 });
    expect(split.tutorMinor - back.tutorMinor).toBe(85_000);
    expect(split.feeMinor - back.feeMinor).toBe(15_000);
  });
  it('rounds the tutor\'s part down, the platform taking the odd cent', () => {
    expect(refundSplit(splitPayment(100_001, 1500), 33_333)).toEqual({ tutorMinor: 28_333, feeMinor: 5_000 });
  });
});

describe('decisions', () => {
  it('a repeat is the same outcome and amount', () => {
    expect(sameDecision({ outcome: 'partial_refund', refundMinor: 500 }, { outcome: 'partial_refund', refundMinor: 500 })).toBe(true);
    expect(sameDecision({ outcome: 'partial_refund', refundMinor: 500 }, { outcome: 'partial_refund', refundMinor: 600 })).toBe(false);
    expect(sameDecision({ outcome: 'release' }, { outcome: 'full_refund', refundMinor: 500 })).toBe(false);
  });
  it('a refund leaves the dispute refunded, a release released', () => {
    expect(statusAfter('partial_refund')).toBe('refunded');
    expect(statusAfter('release')).toBe('released');
  });
});
