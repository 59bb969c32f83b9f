/**
 * Event contracts on the product's EventBridge bus. Producers, consumers and infra import
 * these names and schemas; nothing else spells a detail-type.
 */
import * as z from 'zod';
import { BoundedId } from './shared/ids.js';
import { LANGUAGES } from './shared/language.js';

/** `source` of every event the product publishes. */
export const EVENT_SOURCE = 'alp.platform';

/**
 * Fields every event may carry. `correlationId`: the id of the request (or message) that caused
 * the event; set by publishEvent (functions/shared/events.ts), never by hand.
 */
const eventMeta = {
  correlationId: z.string().min(1).max(128).optional(),
};

/** The lesson an event is about: its booking, its two parties and its subject. */
const lessonParties = {
  bookingId: BoundedId,
  studentId: BoundedId,
  tutorId: BoundedId,
  subject: z.string(),
};

export const UserSignedUp = z.object({
  ...eventMeta,
  userId: BoundedId,
  email: z.email(),
  firstName: z.string(),
  role: z.enum(['student', 'parent', 'tutor', 'super_admin']),
  adminRequested: z.boolean(),
  /** The language the person signed up in: their welcome e-mail's (absent in events published before the product spoke two languages: English). */
  language: z.enum(LANGUAGES).optional(),
  occurredAt: z.iso.datetime(),
});
export type UserSignedUp = z.infer<typeof UserSignedUp>;

/** What a payment paid for: a booked lesson, or a course enrolment. */
const paymentFields = {
  ...eventMeta,
  studentId: BoundedId,
  /** The tutor the money is for: the lesson's tutor, or the course's author. */
  tutorId: BoundedId,
  reference: BoundedId,
  amountMinor: z.number().int().nonnegative(),
  currency: z.literal('KES'),
  occurredAt: z.iso.datetime(),
};
/**
 * A payment was confirmed (webhook or verify, once per reference). Consumers tell a lesson
 * payment from a course payment and a weekly plan's instalment by `purpose`; events from before
 * courses had none (= lesson).
 */
export const PaymentConfirmed = z.union([
  z.object({ ...paymentFields, purpose: z.literal('lesson').default('lesson'), bookingId: BoundedId }),
  z.object({
    ...paymentFields, purpose: z.literal('course'), courseId: BoundedId,
    /** The child a parent bought the course for (absent: the payer enrolled themself). */
    learnerId: BoundedId.optional(),
  }),
  /** Instalment `instalment` of a weekly plan: each of `bookingIds` (its lessons) is paid by it. */
  z.object({
    ...paymentFields, purpose: z.literal('plan'), planId: BoundedId, instalment: z.number().int().positive(),
    bookingIds: z.array(BoundedId).min(1).max(40),
  }),
  /** A lesson pack of `lessons` credits: its lessons are booked later, each a share of this payment. */
  z.object({ ...paymentFields, purpose: z.literal('pack'), packId: BoundedId, lessons: z.number().int().min(2).max(20) }),
]);
export type PaymentConfirmed = z.infer<typeof PaymentConfirmed>;

export const KycApproved = z.object({
  ...eventMeta,
  tutorId: BoundedId,
  reviewerId: BoundedId,
  occurredAt: z.iso.datetime(),
});
export type KycApproved = z.infer<typeof KycApproved>;

/** A student booked a lesson (held until paid): counted in the week's bookings. */
export const BookingCreated = z.object({
  ...eventMeta,
  ...lessonParties,
  scheduledAt: z.iso.datetime(),
  durationMinutes: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
});
export type BookingCreated = z.infer<typeof BookingCreated>;

/** A paid lesson took place: the tutor ended it, or its time passed after both had joined. */
export const LessonCompleted = z.object({
  ...eventMeta,
  ...lessonParties,
  scheduledAt: z.iso.datetime(),
  durationMinutes: z.number().int().positive(),
  /** student_no_show: completed with the student absent; the tutor is paid, the student is not asked for a review. */
  reason: z.enum(['ended_by_tutor', 'time_passed', 'student_no_show']),
  occurredAt: z.iso.datetime(),
});
export type LessonCompleted = z.infer<typeof LessonCompleted>;

/** A booking was cancelled: by its student or tutor, or by the system when the tutor did not come. */
export const BookingCancelled = z.object({
  ...eventMeta,
  ...lessonParties,
  scheduledAt: z.iso.datetime(),
  durationMinutes: z.number().int().positive(),
  by: z.enum(['student', 'tutor', 'system']),
  reason: z.string().optional(),
  /** Whether the student gets their payment back (false for an unpaid hold or a late student cancel). */
  refundDue: z.boolean(),
  paid: z.boolean(),
  noShow: z.literal('tutor').optional(),
  /** A super admin refunded the payment before the lesson, which cancelled it (by: system). */
  refundedBySupport: z.literal(true).optional(),
  /** A lesson booked from a pack: a refund due gives its credit back to the pack, not money. */
  fromPack: z.literal(true).optional(),
  /** Cancelled by the ending of its weekly plan: PlanEnded tells each party once, this lesson's own e-mails are not sent. */
  planEnded: z.literal(true).optional(),
  /** Cancelled by a pause of its week in its weekly plan: PlanPaused tells each party once, as for an ending. */
  planPaused: z.literal(true).optional(),
  /** Dropped by a change of its weekly plan's slot (its week's new time clashed): PlanSlotChanged tells each party once. */
  planSlotChanged: z.literal(true).optional(),
  occurredAt: z.iso.datetime(),
});
export type BookingCancelled = z.infer<typeof BookingCancelled>;

/**
 * A step in moving a paid lesson: a party proposed a new start, the other
 * accepted (the lesson now starts at proposedStart) or declined, or the proposer withdrew.
 */
export const LessonReschedule = z.object({
  ...eventMeta,
  ...lessonParties,
  durationMinutes: z.number().int().positive(),
  step: z.enum(['proposed', 'accepted', 'declined', 'withdrawn']),
  /** Who took this step, and who made the proposal it concerns. */
  actor: z.enum(['student', 'tutor']),
  proposedBy: z.enum(['student', 'tutor']),
  proposedAt: z.iso.datetime(),
  /** The lesson's start before this step, and the start proposed. */
  previousStart: z.iso.datetime(),
  proposedStart: z.iso.datetime(),
  occurredAt: z.iso.datetime(),
});
export type LessonReschedule = z.infer<typeof LessonReschedule>;

/**
 * The provider reported a refund processed (once per payment, or once per lesson of a weekly plan's
 * instalment: `planLesson`, its `bookingId` naming the lesson): the money is on its way back to
 * the payer. Revenue and the tutor's earnings were taken back in the same transaction
 * (`countedInRevenue`, of `earningsMonth`), so consumers only tell people and keep their own books.
 */
export const RefundProcessed = z.object({
  ...eventMeta,
  reference: BoundedId,
  /** What the payment paid for: a booked lesson, or a course enrolment. */
  bookingId: BoundedId.optional(),
  courseId: BoundedId.optional(),
  studentId: BoundedId,
  tutorId: BoundedId,
  amountMinor: z.number().int().nonnegative(),
  currency: z.literal('KES'),
  countedInRevenue: z.boolean(),
  earningsMonth: z.string().optional(),
  /** One lesson's share of a plan instalment went back (the payment may have more such refunds). */
  planLesson: z.boolean().optional(),
  occurredAt: z.iso.datetime(),
});
export type RefundProcessed = z.infer<typeof RefundProcessed>;

/** An enrolled student has marked every lesson of a course done. */
export const CourseCompleted = z.object({
  ...eventMeta,
  courseId: BoundedId,
  /** The learner's id when a parent's child completed it (with parentId), else the student's user id. */
  studentId: BoundedId,
  /** The household (parent) of a learner who completed it: the certificate carries the learner's name. */
  parentId: BoundedId.optional(),
  tutorId: BoundedId,
  occurredAt: z.iso.datetime(),
});
export type CourseCompleted = z.infer<typeof CourseCompleted>;

/** A student enrolled in a free course (a paid enrolment is its course PaymentConfirmed): the course counts it. */
export const CourseEnrolled = z.object({
  ...eventMeta,
  courseId: BoundedId,
  studentId: BoundedId,
  tutorId: BoundedId,
  occurredAt: z.iso.datetime(),
});
export type CourseEnrolled = z.infer<typeof CourseEnrolled>;

/** A course certificate was issued (once per student and course); `code` opens /certificates/{code}. */
export const CertificateIssued = z.object({
  ...eventMeta,
  code: BoundedId,
  courseId: BoundedId,
  studentId: BoundedId,
  /** A learner's certificate: the parent is the contact who gets the e-mail. */
  parentId: BoundedId.optional(),
  issuedAt: z.iso.datetime(),
});
export type CertificateIssued = z.infer<typeof CertificateIssued>;

/** A tutor's payout reached them (Paystack transfer.success): one e-mail to the tutor. */
export const PayoutPaid = z.object({
  ...eventMeta,
  reference: BoundedId,
  tutorId: BoundedId,
  amountMinor: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
});
export type PayoutPaid = z.infer<typeof PayoutPaid>;

/** A tutor's payout failed or was reversed: the money is back in their available balance. */
export const PayoutFailed = z.object({
  ...eventMeta,
  reference: BoundedId,
  tutorId: BoundedId,
  amountMinor: z.number().int().positive(),
  /** Paystack's reason, as it gave it. */
  reason: z.string(),
  occurredAt: z.iso.datetime(),
});
export type PayoutFailed = z.infer<typeof PayoutFailed>;

/**
 * A super admin decided a problem reported with a taught lesson (functions/disputes): a full or
 * partial refund to the payer, or the earnings released to the tutor, with a note for both.
 */
export const DisputeDecided = z.object({
  ...eventMeta,
  ...lessonParties,
  scheduledAt: z.iso.datetime(),
  outcome: z.enum(['full_refund', 'partial_refund', 'release']),
  refundMinor: z.number().int().positive().optional(),
  paidMinor: z.number().int().nonnegative(),
  note: z.string(),
  occurredAt: z.iso.datetime(),
});
export type DisputeDecided = z.infer<typeof DisputeDecided>;

/**
 * A tutor approved a lesson report (or a new version of it): the family may be told. Its content
 * stays in the table (GET /api/bookings/{bookingId}/report); `firstApproval` tells the first
 * from a corrected one.
 */
export const LessonReportApproved = z.object({
  ...eventMeta,
  ...lessonParties,
  /** The child a parent booked the lesson for (absent: the payer took it). */
  learnerId: BoundedId.optional(),
  revision: z.number().int().positive(),
  firstApproval: z.boolean(),
  occurredAt: z.iso.datetime(),
});
export type LessonReportApproved = z.infer<typeof LessonReportApproved>;

/** detail-type → schema of `detail`. */
/**
 * A tutor added or changed where their payouts go. Only the mask travels, never
 * the number; `changedAt` tells one change from the next (one e-mail each).
 */
export const PayoutDetailsChanged = z.object({
  ...eventMeta,
  tutorId: BoundedId,
  method: z.enum(['mpesa', 'bank']),
  maskedNumber: z.string().min(1),
  institution: z.string().min(1),
  /** True the first time details are added. */
  firstTime: z.boolean(),
  changedAt: z.iso.datetime(),
});
export type PayoutDetailsChanged = z.infer<typeof PayoutDetailsChanged>;

/** A user asked for all their data (functions/privacy): the export job writes the archive. */
export const PrivacyExportRequested = z.object({
  ...eventMeta,
  userId: BoundedId,
  /** Which request: the job finishes only the export item still carrying it. */
  requestedAt: z.iso.datetime(),
  occurredAt: z.iso.datetime(),
});
export type PrivacyExportRequested = z.infer<typeof PrivacyExportRequested>;

/** A user asked for their account, or a parent for one child's data, to be deleted (functions/privacy). */
export const PrivacyDeletionRequested = z.object({
  ...eventMeta,
  userId: BoundedId,
  target: z.enum(['account', 'learner']),
  learnerId: BoundedId.optional(),
  requestedAt: z.iso.datetime(),
  occurredAt: z.iso.datetime(),
});
export type PrivacyDeletionRequested = z.infer<typeof PrivacyDeletionRequested>;

/**
 * A student under 18 who signed up alone waits for a parent: at sign-up and on each resend. The
 * consumer issues a fresh single-use link and sends it (the token itself is never in an event).
 */
export const ParentApprovalRequested = z.object({
  ...eventMeta,
  studentId: BoundedId,
  occurredAt: z.iso.datetime(),
});
export type ParentApprovalRequested = z.infer<typeof ParentApprovalRequested>;

/** A tutor declined a weekly plan before its first payment: its lessons were released; the family is told. */
export const PlanDeclined = z.object({
  ...eventMeta,
  planId: BoundedId,
  payerId: BoundedId,
  tutorId: BoundedId,
  subject: z.string(),
  /** The plan's first lesson (its weekday and time, for the message). */
  firstLessonAt: z.iso.datetime(),
  reason: z.string().optional(),
  occurredAt: z.iso.datetime(),
});
export type PlanDeclined = z.infer<typeof PlanDeclined>;

/** What ending or pausing a weekly plan did to its lessons. */
const planLessonOutcome = {
  /** Starts (UTC ISO) of the lessons refunded, kept and released. */
  refunded: z.array(z.iso.datetime()),
  /** What the refunded lessons' shares come to, in cents (KES). */
  refundMinor: z.number().int().nonnegative(),
  kept: z.array(z.iso.datetime()),
  released: z.array(z.iso.datetime()),
};

/**
 * The family ended a weekly plan (or its tutor stopped teaching, `cause`) and its ending was carried out: the paid lessons outside the
 * free-cancellation window cancelled and refunded, those inside it kept, the unpaid holds released.
 * Published again by a repeated ending (consumers tell each party once per plan).
 */
export const PlanEnded = z.object({
  ...eventMeta,
  planId: BoundedId,
  payerId: BoundedId,
  tutorId: BoundedId,
  subject: z.string(),
  ...planLessonOutcome,
  reason: z.string().optional(),
  /** tutor_stopped: the tutor stopped teaching (suspended), every paid lesson to come was refunded and none kept. */
  cause: z.enum(['tutor_stopped']).optional(),
  occurredAt: z.iso.datetime(),
});
export type PlanEnded = z.infer<typeof PlanEnded>;

/**
 * The family paused some weeks of a weekly plan and the pause was carried out: in those weeks, the
 * paid lessons outside the free-cancellation window cancelled and refunded, those inside it kept,
 * the unpaid holds released; the plan's other weeks go on. `pausedAt` names the pause (a plan may
 * have several); a retried pause publishes it again (consumers tell each party once per pause).
 */
export const PlanPaused = z.object({
  ...eventMeta,
  planId: BoundedId,
  payerId: BoundedId,
  tutorId: BoundedId,
  subject: z.string(),
  /** Monday (yyyy-mm-dd, the plan's zone) of the first paused week, and how many weeks. */
  from: z.iso.date(),
  weeks: z.number().int().positive(),
  pausedAt: z.iso.datetime(),
  ...planLessonOutcome,
  reason: z.string().optional(),
  occurredAt: z.iso.datetime(),
});
export type PlanPaused = z.infer<typeof PlanPaused>;

/**
 * The family changed a weekly plan's weekday and time and the change was carried out: its lessons
 * from the week of `from` moved to the new slot (paid ones keep their payment), the lessons of the
 * weeks the family dropped were cancelled (paid ones refunded, unpaid holds released). `changedAt`
 * names the change; a retried change publishes it again (consumers tell each party once per change).
 * The moved lessons send no LessonReschedule of their own.
 */
export const PlanSlotChanged = z.object({
  ...eventMeta,
  planId: BoundedId,
  payerId: BoundedId,
  tutorId: BoundedId,
  subject: z.string(),
  /** The new and the previous weekday (0 Sunday … 6 Saturday) and wall-clock time, in `timeZone` (the tutor's). */
  dayOfWeek: z.number().int().min(0).max(6),
  startTime: z.string(),
  previousDayOfWeek: z.number().int().min(0).max(6),
  previousStartTime: z.string(),
  timeZone: z.string(),
  /** Monday (yyyy-mm-dd, the plan's zone) of the first week that moved. */
  from: z.iso.date(),
  changedAt: z.iso.datetime(),
  /** New starts (UTC ISO) of the lessons moved, and starts of those that could not move (their new hour was taken meanwhile). */
  moved: z.array(z.iso.datetime()),
  notMoved: z.array(z.iso.datetime()),
  ...planLessonOutcome,
  occurredAt: z.iso.datetime(),
});
export type PlanSlotChanged = z.infer<typeof PlanSlotChanged>;

/**
 * What a tutor's public profile shows changed (functions/sitepages re-renders their page): their
 * profile or photo, a review moved their rating, their weekly hours, or a super admin suspended or
 * reinstated them. Carries no content: the consumer reads the tutor as stored when it runs.
 */
export const TutorProfileChanged = z.object({
  ...eventMeta,
  tutorId: BoundedId,
  change: z.enum(['profile', 'photo', 'rating', 'availability', 'suspended', 'reinstated', 'lessons']),
  occurredAt: z.iso.datetime(),
});
export type TutorProfileChanged = z.infer<typeof TutorProfileChanged>;

/**
 * What a course's public page shows changed: it was published, edited while published (its details,
 * or its lessons added, removed, retitled or reordered), or unpublished. Carries no content: the
 * consumer reads the course as stored when it runs.
 */
export const CoursePageChanged = z.object({
  ...eventMeta,
  courseId: BoundedId,
  change: z.enum(['published', 'edited', 'lessons', 'unpublished']),
  occurredAt: z.iso.datetime(),
});
export type CoursePageChanged = z.infer<typeof CoursePageChanged>;

export const eventSchemas = {
  UserSignedUp,
  ParentApprovalRequested,
  PaymentConfirmed,
  KycApproved,
  TutorProfileChanged,
  CoursePageChanged,
  BookingCreated,
  LessonCompleted,
  BookingCancelled,
  PlanDeclined,
  PlanEnded,
  PlanPaused,
  PlanSlotChanged,
  LessonReschedule,
  RefundProcessed,
  CourseCompleted,
  CourseEnrolled,
  CertificateIssued,
  PayoutDetailsChanged,
  PayoutPaid,
  PayoutFailed,
  DisputeDecided,
  LessonReportApproved,
  PrivacyExportRequested,
  PrivacyDeletionRequested,
} as const;
export type DetailType = keyof typeof eventSchemas;
export type EventDetail<T extends DetailType> = z.infer<(typeof eventSchemas)[T]>;
