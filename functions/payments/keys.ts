/**
 * Payment items in the single table (docs/data-model.md):
 *   payment attempt  pk PAYMENT#{reference}  sk PAYMENT   purpose (lesson: bookingId | course: courseId | plan: planId, instalment, bookingIds), amountMinor, status, eventPublished
 *                    gsi1 PAYPROBLEM#open / {flaggedAt}#{reference} while a problem is open (sparse)
 *   problem audit    pk PAYMENT#{reference}  sk AUDIT#{at}   who resolved it, with their note
 *   refund           pk PAYMENT#{reference}  sk REFUND     one per payment: status requested → pending → processed | failed
 *                    gsi1 PAYPROBLEM#open / {failedAt}#{reference} while failed (a problem payment until asked again)
 *   lesson refund    pk PAYMENT#{reference}  sk REFUND#{bookingId}   one weekly-plan lesson's share of its instalment (≤ 30 per payment)
 *   refund lane      pk PAYMENT#{reference}  sk REFUNDLANE   inFlight: the lesson refund Paystack is working on (one at a time)
 *   transaction      pk TXN#{reference}      sk TXN       gsi1 TXNS / {paidAt}#{reference} (recent first)
 *   tutor earnings   pk TUTOR#{tutorId}      sk EARN#{yyyy-mm}   ADD amountMinor, sessions
 * Pure: keys and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import { tutorPk } from '../tutors/keys.js';

const PAYMENT_ATTEMPT_STATUSES = ['initialized', 'success', 'failed', 'amount_mismatch', 'duplicate', 'needs_refund'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

export const REFUND_STATUSES = ['requested', 'pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const paymentKey = (reference: string) => ({ pk: `PAYMENT#${reference}`, sk: 'PAYMENT' });
export const paymentAuditKey = (reference: string, at: string) => ({ pk: `PAYMENT#${reference}`, sk: `AUDIT#${at}` });
export const transactionKey = (reference: string) => ({ pk: `TXN#${reference}`, sk: 'TXN' });
/** gsi1: payment transactions, recent first. */
export const TRANSACTIONS_PARTITION = 'TXNS';
/** gsi1: the sparse index of problem payments nobody has resolved yet. */
export const OPEN_PROBLEMS_PARTITION = 'PAYPROBLEM#open';

export const EARNINGS_PREFIX = 'EARN#';
export const tutorEarningsKey = (tutorId: string, month: string) => ({ pk: tutorPk(tutorId), sk: `${EARNINGS_PREFIX}${month}` });

const attemptFields = {
  reference: z.string(),
  studentId: z.string(),
  tutorId: z.string(),
  amountMinor: z.number(),
  currency: z.literal('KES'),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().optional(),
  channel: z.string().optional(),
  providerAmountMinor: z.number().optional(),
  providerCurrency: z.string().optional(),
  eventPublished: z.boolean().optional(),
  /** When it became a problem payment (amount mismatch, duplicate, needs refund). */
  flaggedAt: z.string().optional(),
  resolvedAt: z.string().optional(),
  resolvedBy: z.string().optional(),
  resolutionNote: z.string().optional(),
  /** An M-Pesa prompt (Charge API): when it was pushed, to which number (masked), when the provider was last asked, why it failed. */
  promptedAt: z.string().optional(),
  promptPhone: z.string().optional(),
  promptCheckedAt: z.string().optional(),
  promptFailure: z.string().optional(),
  /** Paid by Paybill (M-Pesa offline): the business number and account reference the payer was given; it never times out on the page. */
  paybillNumber: z.string().optional(),
  paybillAccount: z.string().optional(),
};
/**
 * One try at paying, under a fresh reference: for a booked lesson, or for a course
 * enrolment. Attempts from before courses carry no purpose: they are lessons.
 */
export const PaymentAttempt = z.union([
  z.object({ ...attemptFields, purpose: z.literal('lesson').default('lesson'), bookingId: z.string() }),
  /**
   * courseTitle: the title when payment started, what the payer is shown they bought (older attempts have none).
   * learnerId: a parent bought it for this child of theirs: `studentId` (the payer) is the parent, the
   * enrolment (and so progress and certificate) is the learner's. Absent: the payer is enrolled.
   */
  z.object({ ...attemptFields, purpose: z.literal('course'), courseId: z.string(), courseTitle: z.string().optional(), learnerId: z.string().optional() }),
  /**
   * Instalment `instalment` of a weekly plan: its lessons' bookings, each paid by this one payment
   * (reference PLAN-{planId}-{n}-{attempt}, functions/plans/instalment-payment.ts).
   */
  z.object({ ...attemptFields, purpose: z.literal('plan'), planId: z.string(), instalment: z.number().int(), bookingIds: z.array(z.string()).min(1) }),
  /** A lesson pack (reference PACK-{packId}-{attempt}, functions/packs): its `lessons` credits, booked one by one later. */
  z.object({ ...attemptFields, purpose: z.literal('pack'), packId: z.string(), lessons: z.number().int() }),
]);
export type PaymentAttempt = z.infer<typeof PaymentAttempt>;
export type LessonPaymentAttempt = Extract<PaymentAttempt, { purpose: 'lesson' }>;
export type CoursePaymentAttempt = Extract<PaymentAttempt, { purpose: 'course' }>;
export type PlanPaymentAttempt = Extract<PaymentAttempt, { purpose: 'plan' }>;
export type PackPaymentAttempt = Extract<PaymentAttempt, { purpose: 'pack' }>;
/** Whose enrolment a course payment makes: the learner a parent paid for, or the payer. */
export const enrolledBy = (attempt: Pick<CoursePaymentAttempt, 'studentId' | 'learnerId'>): string => attempt.learnerId ?? attempt.studentId;

/** A payment transaction as the admin dashboard lists it. */
export const PaymentTransactionRecord = z.object({
  id: z.string(), bookingId: z.string().optional(), amount: z.number(), status: z.string(), createdAt: z.string(), channel: z.string(),
  studentId: z.string().optional(), tutorId: z.string().optional(),
  /** Set once a refund was asked for this payment (audited in PAYMENT#{reference} AUDIT#{at}). */
  refund: z.object({ status: z.enum(REFUND_STATUSES), by: z.string(), reason: z.string(), requestedAt: z.string(), processedAt: z.string().optional() }).optional(),
  /** A course enrolment's payment names its course instead of a booking. */
  courseId: z.string().optional(),
  /** A plan instalment's payment names its plan, the instalment and the lessons it paid. */
  planId: z.string().optional(),
  instalment: z.number().optional(),
  bookingIds: z.array(z.string()).optional(),
  /** A lesson pack's payment names its pack and how many lessons it bought. */
  packId: z.string().optional(),
  lessons: z.number().optional(),
});
export type PaymentTransactionRecord = z.infer<typeof PaymentTransactionRecord>;

export const TutorEarningsItem = z.object({
  sk: z.string().startsWith(EARNINGS_PREFIX), amountMinor: z.number().default(0), sessions: z.number().default(0),
}).transform(({ sk, ...earned }) => ({ month: sk.slice(EARNINGS_PREFIX.length), ...earned }));
export type TutorEarnings = z.infer<typeof TutorEarningsItem>;

export const refundKey = (reference: string) => ({ pk: `PAYMENT#${reference}`, sk: 'REFUND' });


/** Money going back on one payment (the whole amount), from the request to the provider's last word. */
export const RefundRecord = z.object({
  reference: z.string(),
  /** What the payment paid for: a booked lesson, or a course enrolment. */
  bookingId: z.string().optional(),
  courseId: z.string().optional(),
  /** The learner whose enrolment the course payment made, when a parent paid for a child (studentId is the payer). */
  learnerId: z.string().optional(),
  studentId: z.string(),
  tutorId: z.string(),
  amountMinor: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  requestedAt: z.string(),
  processedAt: z.string().optional(),
  /** Who asked: a super admin's user id, or "student" / "tutor" / "system" for policy refunds. */
  by: z.string(),
  reason: z.string(),
  /** The payment had confirmed the booking: revenue and the tutor's earnings (of `earningsMonth`) counted it. */
  countedInRevenue: z.boolean(),
  earningsMonth: z.string().optional(),
  /** It is the booking's own payment: the booking shows the refund (not a duplicate payment's). */
  forBooking: z.boolean(),
  /** It was the payment of a course enrolment, which the request's transaction ended. */
  endsEnrolment: z.boolean().optional(),
  /** Less than the payment (a dispute's partial refund): the lesson still counts as taught. */
  partial: z.boolean().optional(),
  failureMessage: z.string().optional(),
  /** When the provider last refused it (it is then in the open problems index, gsi1 PAYPROBLEM#open). */
  failedAt: z.string().optional(),
  /** False from "processed" until RefundProcessed is published; a replayed webhook publishes what a crash left owed. */
  announced: z.boolean().optional(),
});
export type RefundRecord = z.infer<typeof RefundRecord>;

/** One weekly-plan lesson's share of its instalment's payment, going back (lesson-refund-service.ts). */
export const LESSON_REFUND_PREFIX = 'REFUND#';
export const lessonRefundKey = (reference: string, bookingId: string) => ({ pk: `PAYMENT#${reference}`, sk: `${LESSON_REFUND_PREFIX}${bookingId}` });
/**
 * A lesson refund: "requested" while it waits its turn in the lane (or was just asked), then as a
 * whole refund. `refundReference` is Paystack's own (its processed/failed webhooks carry it): a
 * report carrying one already stored is a replay.
 */
export const LessonRefundRecord = RefundRecord.extend({ bookingId: z.string(), refundReference: z.string().optional() });
export type LessonRefundRecord = z.infer<typeof LessonRefundRecord>;

/**
 * A plan instalment's row in the admin list (transactionKey) keeps which of its lessons' refunds are
 * open (requested or pending), processed or failed: string sets of booking ids, each id in one set
 * (a set that empties is gone), so the list's refund filters find the instalment by its lessons'
 * refunds as they find a payment refunded whole.
 */
export const LESSON_REFUND_SETS = { open: 'lessonRefundsOpen', processed: 'lessonRefundsProcessed', failed: 'lessonRefundsFailed' } as const;
export function lessonRefundListedUpdate(reference: string, bookingId: string, status: RefundStatus) {
  const into = status === 'processed' ? LESSON_REFUND_SETS.processed : status === 'failed' ? LESSON_REFUND_SETS.failed : LESSON_REFUND_SETS.open;
  const out = Object.values(LESSON_REFUND_SETS).filter((set) => set !== into);
  return {
    Key: transactionKey(reference),
    UpdateExpression: `ADD ${into} :id DELETE ${out.map((set) => `${set} :id`).join(', ')}`,
    ExpressionAttributeValues: { ':id': new Set([bookingId]) },
  };
}

/**
 * The payment's refund lane: Paystack's refund webhooks name the payment, not which of its refunds,
 * and two lessons' shares are equal amounts; so one lesson refund at a time is at Paystack (`inFlight`).
 */
export const refundLaneKey = (reference: string) => ({ pk: `PAYMENT#${reference}`, sk: 'REFUNDLANE' });
export const RefundLane = z.object({ inFlight: z.string().optional(), since: z.string().optional() });
export type RefundLane = z.infer<typeof RefundLane>;
