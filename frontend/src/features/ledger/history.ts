/** What a line of the tutor's earnings history says (pure, unit-tested). */
import type { EarningsHistoryLine } from '@functions/ledger/contract';
import { kshMinor } from '../../../../functions/shared/display';

export interface HistoryText { title: string; detail: string; amountMinor: number }

export function historyText(line: EarningsHistoryLine, windowHours: number): HistoryText {
  const what = line.courseId ? 'Course sale' : 'Lesson';
  switch (line.kind) {
    case 'earned':
    case 'payment':
      return {
        title: line.courseId ? 'Course sale' : 'Lesson completed',
        detail: line.grossMinor !== undefined && line.feeMinor !== undefined
          ? `Paid ${kshMinor(line.grossMinor)}, platform fee ${line.feePercent ?? 0}% (${kshMinor(line.feeMinor)}). Available ${windowHours} h later.`
          : '',
        amountMinor: line.pendingMinor,
      };
    case 'released':
      return { title: 'Available for payout', detail: `${what} past the ${windowHours} h dispute window.`, amountMinor: line.availableMinor };
    case 'refund':
      return {
        title: 'Refunded to the student',
        detail: line.pendingMinor < 0 ? 'Refunded inside the dispute window: your share was reversed.' : 'Refunded after your earnings were final: the platform bore it.',
        amountMinor: line.pendingMinor + line.availableMinor,
      };
    case 'payout':
      return { title: 'Payout requested', detail: 'Sent to your payout account through Paystack.', amountMinor: line.availableMinor };
    case 'payout_paid':
      return { title: 'Payout paid', detail: `${kshMinor(line.payoutMinor ?? 0)} reached your payout account.`, amountMinor: 0 };
    case 'payout_failed':
      return { title: 'Payout failed', detail: 'The money is back in your available balance.', amountMinor: line.availableMinor };
  }
}

/** "+KSh 1,275", "−KSh 1,275", "KSh 0". */
export const signedKsh = (minor: number) => (minor > 0 ? `+${kshMinor(minor)}` : minor < 0 ? `−${kshMinor(-minor)}` : kshMinor(0));

/** A balance: "KSh 1,275", or "−KSh 604.79" when an account went below zero (e.g. fees after late refunds). */
export const balanceKsh = (minor: number) => (minor < 0 ? `−${kshMinor(-minor)}` : kshMinor(minor));
