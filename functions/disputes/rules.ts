/**
 * Dispute rules (pure, unit-tested in rules.test.ts): who may report a problem with which lesson
 * and until when, how much a refund may be, and how a decision is told apart from another.
 * docs/decisions/2026-11-27-lesson-disputes.md says why.
 */

/** Hours after a lesson's end during which its student (or the parent who paid) may report a problem. */
export const REPORT_WINDOW_HOURS = 24;
export const MAX_DETAILS_LENGTH = 1000;
export const MAX_NOTE_LENGTH = 1000;
const HOUR_MS = 3_600_000;

export const DISPUTE_REASONS = ['tutor_absent', 'ended_early', 'poor_connection', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_OUTCOMES = ['full_refund', 'partial_refund', 'release'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_STATUSES = ['open', 'refunded', 'released'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const disputeMessages = {
  reported: 'Thank you. We have received your report; the team will look at it and tell you both what was decided.',
  decided: 'Decision recorded. Both the student and the tutor have been told.',
  bookingNotFound: 'Booking not found',
  notFound: 'Report not found',
  notYourLesson: 'Only the student who booked this lesson can report a problem with it.',
  notCompleted: 'You can report a problem once the lesson has taken place.',
  windowClosed: `Problems can be reported within ${REPORT_WINDOW_HOURS} hours of the end of the lesson.`,
  alreadyReported: 'A problem with this lesson has already been reported.',
  alreadyRefunded: 'This lesson has already been refunded.',
  paymentNotRecorded: 'We are still recording this lesson\'s payment. Please try again in a few minutes.',
  alreadyDecided: 'This report has already been decided.',
  detailsRequired: 'Please describe the problem',
  amountRequired: 'Enter the amount to refund in KSh',
  amountTooLarge: 'The refund cannot be more than what was paid for the lesson.',
  notRefundable: 'This lesson\'s payment cannot be refunded.',
} as const;

/** The lesson as these rules need it. */
export interface LessonFacts {
  studentId: string;
  status: string;
  paymentStatus: string;
  scheduledAt: string;
  durationMinutes: number;
  completedAt?: string;
  refund?: unknown;
}

/**
 * When the report window closes: 24 hours after the lesson's end, the later of its scheduled end
 * and when it was completed (a lesson the tutor ended early still gives the whole window from the
 * time it should have ended; one completed by the lessons job after its end, from then).
 */
export function reportDeadline(lesson: Pick<LessonFacts, 'scheduledAt' | 'durationMinutes' | 'completedAt'>): string {
  const scheduledEnd = Date.parse(lesson.scheduledAt) + lesson.durationMinutes * 60_000;
  const completed = lesson.completedAt ? Date.parse(lesson.completedAt) : scheduledEnd;
  return new Date(Math.max(scheduledEnd, completed) + REPORT_WINDOW_HOURS * HOUR_MS).toISOString();
}

export type ReportRefusal = 'not_yours' | 'not_completed' | 'window_closed' | 'already_refunded';

/** Why `userId` may not report a problem with `lesson` now, or null when they may. */
export function reportRefusal(lesson: LessonFacts, userId: string, now: Date): ReportRefusal | null {
  if (lesson.studentId !== userId) return 'not_yours';
  if (lesson.refund !== undefined || lesson.paymentStatus === 'refunded') return 'already_refunded';
  if (lesson.status !== 'completed' || lesson.paymentStatus !== 'paid') return 'not_completed';
  if (now.getTime() > Date.parse(reportDeadline(lesson))) return 'window_closed';
  return null;
}

/** KSh as typed (at most two decimals) → minor units; the refund must be more than nothing and at most what was paid. */
export function refundAmountMinor(outcome: DisputeOutcome, paidMinor: number, amountKsh?: number): { ok: true; refundMinor?: number } | { ok: false; error: 'amount_required' | 'amount_too_large' } {
  if (outcome === 'release') return { ok: true };
  if (outcome === 'full_refund') return { ok: true, refundMinor: paidMinor };
  if (amountKsh === undefined) return { ok: false, error: 'amount_required' };
  const minor = Math.round(amountKsh * 100);
  if (minor <= 0) return { ok: false, error: 'amount_required' };
  if (minor > paidMinor) return { ok: false, error: 'amount_too_large' };
  return { ok: true, refundMinor: minor };
}

/** The status a decision leaves a dispute in. */
export const statusAfter = (outcome: DisputeOutcome): DisputeStatus => (outcome === 'release' ? 'released' : 'refunded');

/** A repeated decision (a double click, a retry after a failure) is the same one: same outcome, same amount. */
export const sameDecision = (a: { outcome: DisputeOutcome; refundMinor?: number }, b: { outcome: DisputeOutcome; refundMinor?: number }) =>
  a.outcome === b.outcome && (a.refundMinor ?? 0) === (b.refundMinor ?? 0);

