/**
 * Trial lesson rules with no I/O: whose trial a booking is (one per learner per tutor), what it
 * costs, and whether an earlier trial still uses up that one trial.
 */
import { TRIAL_MINUTES } from '../tutors/catalog.js';
import { trialAmountMinor, type TrialOffer } from '../tutors/trial-offer.js';
import type { Booking } from './contract.js';
import { effectiveBooking } from './rules.js';

/**
 * Who a trial is for: the child a parent books for (whichever parent login pays), or the student
 * booking for themselves. The trial marker is keyed by the tutor and this.
 */
export const trialLearnerKey = (b: { studentId: string; learnerId?: string | undefined }): string =>
  b.learnerId ? `LEARNER#${b.learnerId}` : `STUDENT#${b.studentId}`;

/** A trial's price fields, from the tutor's offer at booking time (the per-hour figure is the same price over a full hour). */
export function trialPrice(offer: TrialOffer): Pick<Booking, 'hourlyRate' | 'totalAmount' | 'amountMinor'> {
  const amountMinor = trialAmountMinor(offer);
  return { amountMinor, totalAmount: amountMinor / 100, hourlyRate: Math.round((amountMinor / 100) * (60 / TRIAL_MINUTES)) };
}

/**
 * Whether an earlier trial with the tutor still counts as the learner's one trial. It does not when
 * it never happened through no choice of the family's: its unpaid hold ran out, it was cancelled
 * before it was paid or with a full refund (the tutor cancelled, or the family in time), or the
 * tutor did not come. A trial held, or cancelled late (the tutor kept the time and is paid), counts.
 */
export function trialStillCounts(trial: Booking, now: Date): boolean {
  const current = effectiveBooking(trial, now);
  if (current.status === 'expired') return false;
  if (current.noShow === 'tutor') return false;
  if (current.status === 'cancelled') return current.paymentStatus === 'paid' && current.cancellation?.refundDue === false;
  return true;
}
