import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookupOf } from '../../shared/i18n/lookup';
import { balanceKsh, historyFor, historyText, signedKsh } from './history';
import { useLedgerText } from './text';

const t = lookupOf(useLedgerText);
beforeAll(() => i18n.activate('en'));

const base = { entryId: 'e', at: '2026-11-20T10:00:00.000Z', reference: 'R', bookingId: 'b', pendingMinor: 0, availableMinor: 0 };

describe('earnings history lines', () => {
  it('shows a completed lesson with its price, fee and share', () => {
    expect(historyText({ ...base, kind: 'earned', grossMinor: 150_000, feeMinor: 22_500, feePercent: 15, pendingMinor: 127_500 }, 48, t)).toEqual({
      title: 'Lesson completed', detail: 'Paid KSh 1,500, platform fee 15% (KSh 225). Available 48 h later.', amountMinor: 127_500, status: 'Pending',
    });
  });

  it('says whether a refund took the tutor\'s share back', () => {
    expect(historyText({ ...base, kind: 'refund', pendingMinor: -127_500 }, 48, t)).toMatchObject({ title: 'Refunded to the student', amountMinor: -127_500 });
    expect(historyText({ ...base, kind: 'refund' }, 48, t).detail).toMatch(/platform bore it/);
  });

  it('shows a sale once: its status moves from pending to available, a lone release is a move, not a credit', () => {
    const sale = { ...base, kind: 'payment' as const, courseId: 'c', grossMinor: 150_000, feeMinor: 22_500, feePercent: 15, pendingMinor: 127_500 };
    expect(historyText(sale, 48, t)).toMatchObject({ title: 'Course sale', amountMinor: 127_500, status: 'Pending' });
    expect(historyText({ ...sale, availableSince: '2026-11-22T10:00:00.000Z' }, 48, t, (iso) => iso.slice(0, 10)))
      .toMatchObject({ amountMinor: 127_500, status: 'Available since 2026-11-22' });
    expect(historyText({ ...base, kind: 'released', pendingMinor: -1, availableMinor: 1 }, 48, t)).toMatchObject({ title: 'Moved to available', amountMinor: 1, moved: true });
  });

  it('shows payouts leaving and coming back to available', () => {
    expect(historyText({ ...base, kind: 'payout', availableMinor: -170_000, payoutMinor: 170_000 }, 48, t)).toMatchObject({ title: 'Payout requested', amountMinor: -170_000 });
    expect(historyText({ ...base, kind: 'payout_paid', payoutMinor: 170_000 }, 48, t)).toMatchObject({ title: 'Payout paid', detail: 'KSh 1,700 reached your payout account.' });
    expect(historyText({ ...base, kind: 'payout_failed', availableMinor: 170_000 }, 48, t)).toMatchObject({ title: 'Payout failed', amountMinor: 170_000 });
  });

  it('names what the money was for: the lesson (subject, student, date) or the course', () => {
    const day = (iso: string) => iso.slice(0, 10);
    expect(historyFor({ ...base, kind: 'earned', subject: 'Mathematics', studentFirstName: 'Amina', lessonAt: '2026-12-03T07:00:00.000Z' }, t, day))
      .toBe('Mathematics with Amina, 2026-12-03');
    expect(historyFor({ ...base, kind: 'released', subject: 'Physics', lessonAt: '2026-12-03T07:00:00.000Z' }, t, day)).toBe('Physics, 2026-12-03');
    expect(historyFor({ ...base, kind: 'payment', courseId: 'c', courseTitle: 'KCSE Biology' }, t, day)).toBe('Course: KCSE Biology');
    expect(historyFor({ ...base, kind: 'payout' }, t, day)).toBe('');
  });

  it('signs amounts', () => {
    expect(signedKsh(127_500)).toBe('+KSh 1,275');
    expect(signedKsh(-50)).toBe('−KSh 0.50');
    expect(signedKsh(0)).toBe('KSh 0');
    expect(balanceKsh(-6_047_891)).toBe('−KSh 60,478.91');
    expect(balanceKsh(127_500)).toBe('KSh 1,275');
  });
});
