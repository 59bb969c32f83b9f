/** Weekly lesson plans: the quote a family sees before setting one up. Shared by the API and the SPA. */
import * as z from 'zod';
import { IdText, RecordId } from '../shared/contract.js';
import { LearnerChoice } from '../households/learner-choice.js';
import { bookingMessages } from '../bookings/messages.js';
import { Booking } from '../bookings/contract.js';
import { planMessages } from './messages.js';
import { MAX_PLAN_LESSONS } from './occurrences.js';

export { planMessages } from './messages.js';

export const PlanLength = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('term') }),
  z.object({
    kind: z.literal('weeks'),
    lessons: z.number({ error: planMessages.lessons }).int(planMessages.lessons).min(1, planMessages.lessons).max(MAX_PLAN_LESSONS, planMessages.lessons),
    /** Skip school holidays and half-term breaks (true) or carry on through them. */
    skipHolidays: z.boolean().default(true),
  }),
]);

export const QuotePlanRequest = z.object({
  tutorId: IdText('tutor id', bookingMessages.missingInformation),
  /** 0 Sunday … 6 Saturday, in the tutor's time zone. */
  dayOfWeek: z.number({ error: planMessages.dayOfWeek }).int(planMessages.dayOfWeek).min(0, planMessages.dayOfWeek).max(6, planMessages.dayOfWeek),
  /** "HH:00", wall clock in the tutor's time zone (availability is whole hours). */
  startTime: z.string({ error: planMessages.startTime }).regex(/^([01]\d|2[0-3]):00$/, planMessages.startTime),
  durationMinutes: z.union([z.literal(60), z.literal(90), z.literal(120)], { error: 'Duration must be 60, 90 or 120 minutes' }),
  length: PlanLength,
});
export type QuotePlanRequest = z.input<typeof QuotePlanRequest>;

export const PlanLesson = z.object({
  /** yyyy-mm-dd in the tutor's zone. */
  localDate: z.string(),
  start: z.string(),
  end: z.string(),
  /**
   * free: will be booked; taken: another booking holds the time; unavailable: outside the tutor's
   * weekly hours; too_soon: sooner than the tutor's minimum notice (as for a single booking).
   */
  status: z.enum(['free', 'taken', 'unavailable', 'too_soon']),
});

export const PlanQuote = z.object({
  tutorId: z.string(),
  timeZone: z.string(),
  /** KES for one lesson of this length at the tutor's rate. */
  pricePerLesson: z.number(),
  lessons: z.array(PlanLesson),
  skipped: z.array(z.object({ localDate: z.string(), reason: z.enum(['holiday', 'no_such_time']) })),
  term: z.object({ id: z.string(), closes: z.string(), provisional: z.boolean().optional() }).optional(),
  /** Only the free lessons are charged for. */
  payMonthly: z.array(z.object({ number: z.number(), chargeAt: z.string(), lessonCount: z.number(), amount: z.number() })),
  payTerm: z.object({ lessonCount: z.number(), amount: z.number() }),
});
export type PlanQuote = z.infer<typeof PlanQuote>;

export const PlanQuoteResponse = z.object({ quote: PlanQuote });

/**
 * Setting a plan up: what the quote took, plus what it is for and how it is paid. `lessonStarts`
 * are the free lessons' starts the family saw in the quote: the server books only what it finds
 * free now and refuses (409 plan_changed) if that is not exactly these. `idempotencyKey` is the
 * client's, one per set-up attempt: a retry with it returns the same plan and writes nothing.
 */
export const CreatePlanRequest = QuotePlanRequest.extend({
  subject: z.string({ error: bookingMessages.missingInformation }).trim().min(1, bookingMessages.missingInformation).max(60),
  ...LearnerChoice.shape,
  payment: z.enum(['monthly', 'term'], { error: planMessages.payment }),
  lessonStarts: z.array(z.iso.datetime()).min(1, planMessages.noFreeLessons).max(MAX_PLAN_LESSONS),
  idempotencyKey: z.string({ error: planMessages.idempotencyKey }).regex(/^[A-Za-z0-9_-]{8,64}$/, planMessages.idempotencyKey),
});
export type CreatePlanRequest = z.input<typeof CreatePlanRequest>;

export const PLAN_STATUSES = ['awaiting_payment', 'active', 'declined', 'ended'] as const;

/** Why a plan ended other than its family ending it: its tutor stopped teaching (an admin suspended them). */
export const PLAN_END_CAUSES = ['tutor_stopped'] as const;
export type PlanEndCause = (typeof PLAN_END_CAUSES)[number];

/** A lesson of a plan's ending: its booking and start. */
export const EndingLesson = z.object({ bookingId: z.string(), start: z.string() });

/**
 * What ending a plan does to its lessons still to come (ending.ts decides): each paid one outside
 * the free-cancellation window is cancelled and its share refunded; each paid one inside it is
 * kept (it happens and the tutor is paid); each unpaid hold of a later instalment is released.
 */
export const PlanEnding = z.object({
  refunded: z.array(EndingLesson),
  /** KES: the refunded lessons' shares of what was paid for them. */
  refundAmount: z.number(),
  kept: z.array(EndingLesson),
  released: z.array(EndingLesson),
});
export type PlanEnding = z.infer<typeof PlanEnding>;

/**
 * What pausing some weeks of a plan does to its lessons in those weeks still to come (pausing.ts
 * decides, as ending does for all of them): paid ones outside the free-cancellation window are
 * cancelled and their shares refunded, paid ones inside it kept, unpaid holds released.
 * `from` is the Monday of the first paused week (yyyy-mm-dd, the plan's zone).
 */
export const PlanPauseQuote = PlanEnding.extend({ from: z.string(), weeks: z.number().int() });
export type PlanPauseQuote = z.infer<typeof PlanPauseQuote>;
/** A lesson of a slot change that moves: its booking, its old and new start, and whether it is paid. */
export const SlotMoveLesson = z.object({ bookingId: z.string(), from: z.string(), to: z.string(), paid: z.boolean() });
/** A week whose new time the tutor cannot teach: taken, unavailable, too_soon (as a new plan's), or no_such_time (a DST gap). */
export const SlotClash = z.object({
  /** The Monday (yyyy-mm-dd, the plan's zone) of the week, which the family may drop. */
  week: z.string(),
  bookingId: z.string(),
  /** The new start that clashes (UTC ISO). */
  start: z.string(),
  reason: z.enum(['taken', 'unavailable', 'too_soon', 'no_such_time']),
  /** A paid lesson (dropping it refunds its share) or an unpaid hold (dropping it releases it). */
  paid: z.boolean(),
});
export type SlotClash = z.infer<typeof SlotClash>;
/**
 * What changing the plan's slot now would do (slot-change.ts decides which lessons move; each new
 * time is checked as a new plan's are). `from` is the Monday of the first week that moves. The
 * lessons of the `dropped` weeks are cancelled instead: paid ones refunded (`refundAmount` KES),
 * unpaid holds released. `clashes` are the weeks not dropped whose new time cannot be taken.
 */
export const PlanSlotQuote = z.object({
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  from: z.string(),
  moved: z.array(SlotMoveLesson),
  stays: z.array(EndingLesson),
  clashes: z.array(SlotClash),
  refunded: z.array(EndingLesson),
  refundAmount: z.number(),
  released: z.array(EndingLesson),
});
export type PlanSlotQuote = z.infer<typeof PlanSlotQuote>;
/** A slot change recorded on the plan: what it decided, from which slot, and when. */
export const PlanSlotChange = PlanSlotQuote.omit({ clashes: true }).extend({
  previous: z.object({ dayOfWeek: z.number().int(), startTime: z.string() }),
  at: z.string(),
});
export type PlanSlotChange = z.infer<typeof PlanSlotChange>;
/** A pause recorded on the plan: what it decided, when, and why if the family said. */
export const PlanPause = PlanPauseQuote.extend({ at: z.string(), reason: z.string().optional() });
export type PlanPause = z.infer<typeof PlanPause>;

export const PlanInstalment = z.object({
  number: z.number(),
  chargeAt: z.string(),
  amount: z.number(),
  bookingIds: z.array(z.string()),
  /** skipped: a pause released every lesson it held, so it is never charged. */
  status: z.enum(['pending', 'paid', 'skipped']),
});

export const Plan = z.object({
  id: z.string(),
  payerId: z.string(),
  tutorId: z.string(),
  subject: z.string(),
  learnerId: z.string().optional(),
  dayOfWeek: z.number(),
  startTime: z.string(),
  durationMinutes: z.number(),
  timeZone: z.string(),
  payment: z.enum(['monthly', 'term']),
  pricePerLesson: z.number(),
  status: z.enum(PLAN_STATUSES),
  /** Until when the unpaid first instalment holds the lessons (the grace after set-up). */
  holdExpiresAt: z.string(),
  lessons: z.array(z.object({ bookingId: z.string(), start: z.string() })),
  instalments: z.array(PlanInstalment),
  createdAt: z.string(),
  /** The tutor turned the plan down before its first payment: its lessons were released. */
  declinedAt: z.string().optional(),
  declineReason: z.string().optional(),
  /** The family ended the plan: what its ending did was decided then, and is this `ending`. */
  endedAt: z.string().optional(),
  endReason: z.string().optional(),
  /** Set when the family did not end it: tutor_stopped, every paid lesson to come was refunded. */
  endCause: z.enum(PLAN_END_CAUSES).optional(),
  ending: PlanEnding.optional(),
  /** Weeks the family paused, oldest first: each pause's lessons were refunded or released. */
  pauses: z.array(PlanPause).optional(),
  /** Changes of its weekday and time, oldest first; `dayOfWeek` and `startTime` are the latest's. */
  slotChanges: z.array(PlanSlotChange).optional(),
});
export type Plan = z.infer<typeof Plan>;

export const DeclinePlanRequest = z.object({ reason: z.string().trim().max(500, planMessages.reasonTooLong).optional() });
/** The tutor's plans (newest first) with their lessons, and how many paid lessons each coming week holds. */
export const TutorPlanList = z.object({
  plans: z.array(z.object({ plan: Plan, lessons: z.array(Booking) })),
  /** The next weeks from Monday (the tutor's zone): paid plan lessons and what they pay the tutor before fees. */
  securedWeeks: z.array(z.object({ weekStart: z.string(), lessons: z.number().int(), amount: z.number() })),
});

export const PlanResponse = z.object({ plan: Plan });
export const EndPlanRequest = z.object({ reason: z.string().trim().max(500, planMessages.reasonTooLong).optional() });
/** What ending the plan now would do (a plan ended already: what its ending did). */
export const PlanEndingResponse = z.object({ ending: PlanEnding, endedAt: z.string().optional() });
const PauseWeeks = {
  /** A day of the first week to pause (its Monday or any day of it), yyyy-mm-dd in the plan's zone. */
  from: z.iso.date({ error: planMessages.pauseFrom }),
  weeks: z.coerce.number({ error: planMessages.pauseWeeks }).int(planMessages.pauseWeeks).min(1, planMessages.pauseWeeks).max(MAX_PLAN_LESSONS, planMessages.pauseWeeks),
};
export const PlanPauseQuery = z.object(PauseWeeks);
export const PausePlanRequest = z.object({ ...PauseWeeks, reason: z.string().trim().max(500, planMessages.reasonTooLong).optional() });
export type PausePlanRequest = z.input<typeof PausePlanRequest>;
/** What pausing those weeks now would do. */
export const PlanPauseResponse = z.object({ pause: PlanPauseQuote });
const NewSlot = {
  /** 0 Sunday … 6 Saturday, on the plan's clock (its tutor's zone). */
  weekday: z.coerce.number({ error: planMessages.dayOfWeek }).int(planMessages.dayOfWeek).min(0, planMessages.dayOfWeek).max(6, planMessages.dayOfWeek),
  /** "HH:00", wall clock in the plan's zone (availability is whole hours). */
  time: z.string({ error: planMessages.startTime }).regex(/^([01]\d|2[0-3]):00$/, planMessages.startTime),
  /** A day of the first plan week to move (yyyy-mm-dd); the soonest lesson outside the window when absent. */
  from: z.iso.date({ error: planMessages.slotFrom }).optional(),
};
export const PlanSlotQuery = z.object(NewSlot);
/** `drop`: the Mondays of weeks whose lessons are cancelled instead of moved (typically the clashing ones). */
export const ChangePlanSlotRequest = z.object({ ...NewSlot, drop: z.array(z.iso.date({ error: planMessages.slotDrop })).max(MAX_PLAN_LESSONS).default([]) });
export type ChangePlanSlotRequest = z.input<typeof ChangePlanSlotRequest>;
export const PlanSlotResponse = z.object({ slot: PlanSlotQuote });
/** A plan with its lessons' bookings as they stand now, soonest first. */
export const PlanDetailResponse = z.object({ plan: Plan, lessons: z.array(Booking) });
/** The family's plans, newest first, each with its lessons as they stand now. */
export const PlanList = z.object({ plans: z.array(PlanDetailResponse) });
export const PlanParams = z.object({ planId: RecordId('plan') });
/** One instalment of a plan: `n` counts from 1, as the plan's instalments are numbered. */
export const InstalmentParams = PlanParams.extend({
  n: z.coerce.number({ error: planMessages.noSuchInstalment }).int(planMessages.noSuchInstalment).min(1, planMessages.noSuchInstalment).max(MAX_PLAN_LESSONS, planMessages.noSuchInstalment),
});
