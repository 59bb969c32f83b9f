/** Bookings contract (bookings, booking rules, messages), shared by the API and the SPA. */
import * as z from 'zod';
import { userText } from '../shared/text.js';
import { IdText, RecordId } from '../shared/contract.js';
import { bookingMessages } from './messages.js';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from './catalog.js';
import { PAYOUT_OUTCOMES } from '../payouts/contract.js';
import { LearnerChoice } from '../households/learner-choice.js';
import { CURRICULA } from '../households/grades-catalog.js';

export { bookingAmount, DEFAULT_BOOKING_SUBJECTS, DURATIONS, isUpcoming, type Duration } from './catalog.js';


export { bookingMessages, paymentMessages } from './messages.js';

export const CreateBookingRequest = z.object({
  tutorId: IdText('tutor id', bookingMessages.missingInformation),
  subject: userText({ error: bookingMessages.missingInformation }).trim().min(1, bookingMessages.missingInformation).max(60),
  /** UTC instant of the first hour, as offered by GET /api/tutors/{id}/slots. */
  start: z.iso.datetime({ error: bookingMessages.missingInformation }),
  durationMinutes: z.union([z.literal(60), z.literal(90), z.literal(120)], { error: 'Duration must be 60, 90 or 120 minutes' }),
  notes: userText().trim().max(1000, 'Notes are at most 1000 characters').optional(),
  ...LearnerChoice.shape,
});
export type CreateBookingRequest = z.input<typeof CreateBookingRequest>;

/**
 * A trial lesson: 30 minutes at the price the tutor's offer says at booking time (free, or KSh
 * 100–50,000). The client chooses only tutor, subject, start (a slot offered by the tutor's
 * calendar) and the learner; never the duration or the price.
 */
export const CreateTrialBookingRequest = CreateBookingRequest.omit({ durationMinutes: true });
export type CreateTrialBookingRequest = z.input<typeof CreateTrialBookingRequest>;

export { BOOKING_STATUSES, PAYMENT_STATUSES } from './catalog.js';

const Party = z.object({
  id: z.string(), firstName: z.string(), lastName: z.string(), profilePhotoUrl: z.string().optional(),
});

export const Booking = z.object({
  id: z.string(),
  studentId: z.string(),
  tutorId: z.string(),
  subject: z.string(),
  /** UTC ISO start. */
  scheduledAt: z.string(),
  durationMinutes: z.number(),
  /** KES per hour at booking time. */
  hourlyRate: z.number(),
  /** KES, = durationMinutes / 60 × hourlyRate. */
  totalAmount: z.number(),
  /** The same in minor units (cents), as charged. */
  amountMinor: z.number().int(),
  currency: z.literal('KES'),
  notes: z.string().optional(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The latest provider reference, for "Verify Payment". */
  paymentReference: z.string().optional(),
  /** Until when an unpaid booking holds its time. */
  holdExpiresAt: z.string().optional(),
  createdAt: z.string(),
  paidAt: z.string().optional(),
  /** When the lesson was marked completed (the tutor ended it, or its time passed after both joined). */
  completedAt: z.string().optional(),
  /** Why: the tutor ended it, its time passed after both joined, or the student never came (the tutor is paid). */
  completedBy: z.enum(['ended_by_tutor', 'time_passed', 'student_no_show']).optional(),
  /** Set when the lesson was cancelled (status cancelled): by whom, when, and why if they said. */
  cancellation: z.object({
    by: z.enum(['student', 'tutor', 'system']),
    at: z.string(),
    reason: z.string().optional(),
    /** Inside the free-cancellation window (student), or any tutor/system cancel: the student is refunded in full. */
    refundDue: z.boolean(),
    /** A tutor cancel inside the policy window, counted against the tutor. */
    lateByTutor: z.boolean().optional(),
  }).optional(),
  /** Money going back to the student through the provider (paymentStatus becomes refunded when processed). */
  refund: z.object({
    status: z.enum(['pending', 'processed', 'failed']),
    amountMinor: z.number().int(),
    requestedAt: z.string(),
    processedAt: z.string().optional(),
  }).optional(),
  /** A lesson whose end passed with one party absent (attendance from the live domain). */
  noShow: z.enum(['student', 'tutor']).optional(),
  /** An open proposal to move the lesson; the other party accepts or declines. */
  rescheduleProposal: z.object({
    by: z.enum(['student', 'tutor']),
    /** UTC ISO start proposed, among the tutor's free hours. */
    start: z.string(),
    proposedAt: z.string(),
  }).optional(),
  /** Until when the student may cancel for a full refund (UTC ISO; scheduledAt − the policy window). */
  freeCancellationUntil: z.string().optional(),
  /** When the lesson last moved to a new time (an accepted proposal); its reminders start over from then. */
  rescheduledAt: z.string().optional(),
  /** The weekly plan this lesson is one of (functions/plans), if any. */
  planId: z.string().optional(),
  /** The lesson pack (functions/packs) whose credit paid this lesson, if any: no payment of its own. */
  packId: z.string().optional(),
  /**
   * A trial lesson (30 minutes at the tutor's trial price; once per learner per tutor). A free
   * trial (amountMinor 0) is written confirmed and paid, with no payment of its own.
   */
  trial: z.literal(true).optional(),
  tutor: Party,
  /** Who booked and pays: the student, or the parent of `learner` (the tutor's contact then). */
  student: Party,
  /**
   * The child a parent booked for, as the child was at booking time. Only what a tutor may know:
   * first name, grade and curriculum, never the last name. Absent when the student booked for themselves.
   */
  learner: z.object({ id: z.string(), firstName: z.string(), grade: z.string(), curriculum: z.enum(CURRICULA) }).optional(),
});
export type Booking = z.infer<typeof Booking>;
export type BookingLearner = NonNullable<Booking['learner']>;

export const BookingResponse = z.object({ booking: Booking });
export const BookingList = z.object({ bookings: z.array(Booking) });
export type BookingList = z.infer<typeof BookingList>;


// ---- Payments ----

export const InitializePaymentRequest = z.object({ bookingId: IdText('booking id') });
export const InitializePaymentResponse = z.object({ authorizationUrl: z.string(), reference: z.string() });
export type InitializePaymentResponse = z.infer<typeof InitializePaymentResponse>;

export const VerifyPaymentRequest = z.object({ reference: IdText('payment reference', 'Missing payment reference') });
/**
 * What a payment bought, from the payment's own record and its booking (never from the URL): the
 * payment callback page's summary. `canPayAgain`: the payer's lesson still holds its time unpaid.
 */
export const PaymentSummary = z.object({
  reference: z.string(),
  amountMinor: z.number().int(),
  currency: z.literal('KES'),
  tutorId: z.string(),
  tutorName: z.string(),
  /** plan: one instalment of a weekly plan (its subject, its lessonCount lessons). */
  kind: z.enum(['lesson', 'course', 'plan', 'pack']),
  subject: z.string().optional(),
  lessonCount: z.number().int().optional(),
  scheduledAt: z.string().optional(),
  durationMinutes: z.number().int().optional(),
  courseTitle: z.string().optional(),
  /** When the payment was confirmed (UTC ISO); absent until it is. */
  paidAt: z.string().optional(),
  canPayAgain: z.boolean(),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

export const VerifyPaymentResponse = z.object({
  status: z.enum(['success', 'failed', 'pending']),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** What was paid for: a booking, a course enrolment, or a weekly plan's instalment, where the payer goes next. */
  bookingId: z.string().optional(),
  courseId: z.string().optional(),
  planId: z.string().optional(),
  packId: z.string().optional(),
  message: z.string(),
  summary: PaymentSummary.optional(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

/** What applying a provider's report of a transaction came to (functions/payments/service.ts). */
export const PAYMENT_OUTCOMES = [
  'confirmed', 'already_confirmed', 'failed', 'pending', 'amount_mismatch', 'duplicate', 'hold_lost', 'unknown_reference',
] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
/** What a refund.* webhook came to (functions/payments/refund-service.ts). */
export const REFUND_OUTCOMES = ['refund_pending', 'refund_processed', 'refund_failed', 'refund_unchanged', 'unknown_refund'] as const;
/** The answer to Paystack's webhook ("ignored": an event the product does not act on, or an unreadable body). */
export const PaystackWebhookReceipt = z.object({ received: z.literal(true), outcome: z.enum([...PAYMENT_OUTCOMES, 'ignored', ...REFUND_OUTCOMES, ...PAYOUT_OUTCOMES]) });


// ---- Tutor stats ----

export const TutorStats = z.object({
  /** KES. */
  totalEarnings: z.number(),
  monthlyEarnings: z.number(),
  /** Lessons taught (completed): the "Lessons taught" card. */
  totalSessions: z.number(),
  /** Paid lessons still ahead. */
  upcomingSessions: z.number(),
  /** Paid lessons whose time has come, taught or not: the success rate's base. */
  pastSessions: z.number(),
  /** Rounded percent of past lessons completed; 0 when none are past (the SPA says "No lessons yet"). */
  completionRate: z.number(),
  /** Last 6 months, oldest first: "2026-06" → KES. */
  earningsByMonth: z.array(z.object({ month: z.string(), amount: z.number() })),
});
export type TutorStats = z.infer<typeof TutorStats>;

export const BookingParams = z.object({ bookingId: RecordId('booking') });

// ---- Cancellation (policy in cancellation.ts) ----

export const CancelBookingRequest = z.object({
  reason: userText().trim().max(500, 'The reason is at most 500 characters').optional(),
});
export type CancelBookingRequest = z.input<typeof CancelBookingRequest>;
// ---- Rescheduling ----

export const RescheduleRequest = z.object({
  /** UTC instant of the new first hour, among the tutor's free starts (GET /api/tutors/{id}/slots). */
  start: z.iso.datetime({ error: 'Please choose a new time' }),
});
export type RescheduleRequest = z.input<typeof RescheduleRequest>;
