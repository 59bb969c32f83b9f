/** What a line of the tutor's earnings history says, in the page's language (pure, unit-tested). */
import type { EarningsHistoryLine } from '@functions/ledger/contract';
import { kshMinor } from '../../shared/format';
import type { LedgerText } from './text';

/**
 * `moved`: the amount moved between the tutor's own balances (pending → available), shown without
 * a sign so it never reads as a second credit. `status`: where a sale's share is now.
 */
export interface HistoryText { title: string; detail: string; amountMinor: number; moved?: boolean; status?: string }

export function historyText(line: EarningsHistoryLine, windowHours: number, t: LedgerText, day: (iso: string) => string = (iso) => iso.slice(0, 10)): HistoryText {
  const hours = windowHours;
  switch (line.kind) {
    case 'earned':
    case 'payment':
      return {
        title: line.courseId ? t('history.courseSale') : t('history.lessonCompleted'),
        detail: line.grossMinor !== undefined && line.feeMinor !== undefined
          ? t('history.split', { gross: kshMinor(line.grossMinor), fee: line.feePercent ?? 0, feeAmount: kshMinor(line.feeMinor), hours })
          : '',
        amountMinor: line.pendingMinor,
        ...(line.pendingMinor > 0 ? { status: line.availableSince ? t('history.statusAvailable', { date: day(line.availableSince) }) : t('history.statusPending') } : {}),
      };
    case 'released':
      // Only a release whose sale is older than the page comes as its own line (the server folds the rest).
      return {
        title: t('history.released'),
        detail: line.courseId ? t('history.releasedDetail.course', { hours }) : t('history.releasedDetail.lesson', { hours }),
        amountMinor: line.availableMinor,
        moved: true,
      };
    case 'refund':
      return {
        title: t('history.refund'),
        detail: line.pendingMinor < 0 ? t('history.refundInWindow') : t('history.refundAfter'),
        amountMinor: line.pendingMinor + line.availableMinor,
      };
    case 'payout':
      return { title: t('history.payout'), detail: t('history.payoutDetail'), amountMinor: line.availableMinor };
    case 'payout_paid':
      return { title: t('history.payoutPaid'), detail: t('history.payoutPaidDetail', { amount: kshMinor(line.payoutMinor ?? 0) }), amountMinor: 0 };
    case 'payout_failed':
      return { title: t('history.payoutFailed'), detail: t('history.payoutFailedDetail'), amountMinor: line.availableMinor };
  }
}

/**
 * What a line's money was for, as the server named it: "Mathematics with Amina, 3 Dec 2026" for a
 * lesson, "Course: KCSE Biology" for a course sale; '' when the lesson or course is gone (payouts).
 */
export function historyFor(line: EarningsHistoryLine, t: LedgerText, day: (iso: string) => string): string {
  if (line.courseTitle) return t('history.forCourse', { title: line.courseTitle });
  if (!line.subject || !line.lessonAt) return '';
  return line.studentFirstName
    ? t('history.forLesson', { subject: line.subject, student: line.studentFirstName, date: day(line.lessonAt) })
    : t('history.forLessonNoStudent', { subject: line.subject, date: day(line.lessonAt) });
}

/** "+KSh 1,275", "−KSh 1,275", "KSh 0". */
export const signedKsh = (minor: number) => (minor > 0 ? `+${kshMinor(minor)}` : minor < 0 ? `−${kshMinor(-minor)}` : kshMinor(0));

/** A balance: "KSh 1,275", or "−KSh 604.79" when an account went below zero (e.g. fees after late refunds). */
export const balanceKsh = (minor: number) => (minor < 0 ? `−${kshMinor(-minor)}` : kshMinor(minor));
