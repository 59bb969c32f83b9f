/**
 * The family that pays for a weekly plan changes its weekday and time from a week on (product spec:
 * weekly lessons), checked like a new booking. slot-change.ts decides which lessons move and to
 * when; here EVERY new time is checked against the tutor's weekly hours and bookings with the same
 * check a new plan gets (occurrences.ts planClashes), the plan's own moving lessons not counting
 * against themselves. Any clash refuses the whole change (409 slot_clashes with the weeks) before
 * anything is written, unless the family drops those weeks: a dropped paid lesson is cancelled and
 * its share refunded through the payment's refund lane, a dropped hold released, as a pause does.
 *
 * The change is recorded on the plan (new slot, lessons' new starts, instalments left) in one
 * conditional write, then carried out lesson by lesson: each move is one transaction of the booking
 * and its hour locks (bookings' movePlanLesson), so a lesson is never half-moved and two lessons
 * never hold one hour; a lesson whose new hour another family took in the moments between the check
 * and its move stays where it was and is reported. Asking again (or after a crash halfway) finishes
 * what is left of the recorded change: a lesson at its new time is not moved again and a dropped
 * share is refunded once. PlanSlotChanged tells the family and the tutor once; the lessons send no
 * e-mails of their own.
 */
import { cancelPlanLesson } from '../bookings/cancel-service.js';
import { freeCancellationHours } from '../bookings/cancellation.js';
import { movePlanLesson } from '../bookings/reschedule-service.js';
import { bookedHours } from '../bookings/service.js';
import { publishEvent } from '../shared/events.js';
import { BusinessRuleViolated, Conflict, DomainError, Forbidden } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { listSlots, requireTutor, tutorSchedule } from '../tutors/service.js';
import { ChangePlanSlotRequest, type Plan, type PlanSlotChange, type PlanSlotQuote, type SlotClash } from './contract.js';
import { planMessages } from './messages.js';
import { planClashes } from './occurrences.js';
import { instalmentsAfterPause, localDate, mondayOf } from './pausing.js';
import { markPlanSlotChanged } from './repository.js';
import { requirePlan, withLessons } from './setup-service.js';
import { planSlotChange, type NewSlot, type SlotChangeRefusal, type SlotMove } from './slot-change.js';

const REFUSALS: Record<SlotChangeRefusal, () => DomainError> = {
  plan_declined: () => new Conflict('plan_declined', planMessages.slotDeclined),
  plan_ended: () => new Conflict('plan_ended', planMessages.slotEnded),
  nothing_to_change: () => new BusinessRuleViolated('nothing_to_change', planMessages.nothingToChange),
};

type SlotRequest = { weekday: number; time: string; from?: string | undefined; drop?: readonly string[] | undefined };

/** The plan of its payer: a child's plan is its parent's to change, as it is theirs to pay. */
async function payersPlan(user: AuthUser, planId: string): Promise<Plan> {
  const plan = await requirePlan(planId);
  if (plan.payerId !== user.id) throw new Forbidden(planMessages.notPayerSlot);
  return plan;
}

/**
 * The weeks whose new time the tutor cannot teach: every moving lesson's, not only the first. The
 * hours the plan's moving lessons hold now are theirs to leave, so they do not count as taken;
 * the lessons that stay (and everyone else's) do.
 */
async function slotClashes(plan: Plan, checked: readonly SlotMove[], moving: ReadonlySet<string>, now: Date): Promise<SlotClash[]> {
  const clash = (m: SlotMove, reason: SlotClash['reason']): SlotClash => ({ week: m.week, bookingId: m.bookingId, start: m.to, reason, paid: m.paid });
  const existing = checked.filter((m) => !m.noSuchTime);
  const clashes = checked.filter((m) => m.noSuchTime).map((m) => clash(m, 'no_such_time'));
  if (existing.length) {
    const tutor = await requireTutor(plan.tutorId);
    const last = existing.reduce((end, m) => (m.end > end ? m.end : end), existing[0]!.end);
    const [slots, held] = await Promise.all([listSlots(tutor.id), bookedHours(tutor.id, now, new Date(last), now)]);
    const taken = new Set([...held].filter(([, bookingId]) => !moving.has(bookingId)).map(([hour]) => hour));
    const occurrences = existing.map((m) => ({ localDate: localDate(m.to, plan.timeZone), start: m.to, end: m.end }));
    const byStart = new Map(existing.map((m) => [m.to, m]));
    for (const c of planClashes(occurrences, slots, tutor.timeZone, taken, now, tutorSchedule(tutor, slots).minNoticeHours)) {
      clashes.push(clash(byStart.get(c.occurrence.start)!, c.reason));
    }
  }
  return clashes.sort((a, b) => a.start.localeCompare(b.start));
}

async function slotNow(plan: Plan, request: SlotRequest, now: Date): Promise<PlanSlotQuote> {
  const { lessons } = (await withLessons([plan], now))[0]!;
  const slot: NewSlot = { dayOfWeek: request.weekday, startTime: request.time, from: request.from };
  const decided = planSlotChange(plan, lessons, slot, now, freeCancellationHours());
  if ('refusal' in decided) throw REFUSALS[decided.refusal]();
  const { moves, stays, from } = decided.change;
  const drop = new Set((request.drop ?? []).map(mondayOf));
  if ([...drop].some((week) => !moves.some((m) => m.week === week))) throw new BusinessRuleViolated('drop_not_moving', planMessages.dropNotMoving);
  const moved = moves.filter((m) => !drop.has(m.week));
  const dropped = moves.filter((m) => drop.has(m.week));
  // Dropping every week that would move is a pause, not a new time.
  if (!moved.length) throw REFUSALS.nothing_to_change();
  const clashes = await slotClashes(plan, moved, new Set(moves.map((m) => m.bookingId)), now);
  const refunded = dropped.filter((m) => m.paid).map((m) => ({ bookingId: m.bookingId, start: m.from }));
  return {
    dayOfWeek: slot.dayOfWeek, startTime: slot.startTime, from,
    moved: moved.map(({ bookingId, from: was, to, paid }) => ({ bookingId, from: was, to, paid })),
    stays, clashes, refunded, refundAmount: (refunded.length * Math.round(plan.pricePerLesson * 100)) / 100,
    released: dropped.filter((m) => !m.paid).map((m) => ({ bookingId: m.bookingId, start: m.from })),
  };
}

/** What changing the plan's slot now would do, with every week whose new time clashes (the confirmation shows it). */
export async function quotePlanSlot(user: AuthUser, planId: string, request: SlotRequest, now = new Date()): Promise<PlanSlotQuote> {
  return slotNow(await payersPlan(user, planId), request, now);
}

export async function changePlanSlot(user: AuthUser, planId: string, input: ChangePlanSlotRequest, now = new Date()): Promise<Plan> {
  const request = ChangePlanSlotRequest.parse(input);
  let plan = await payersPlan(user, planId);
  // This slot recorded already but not all carried out (a crash, or a retry racing it): finish that one.
  const recorded = plan.slotChanges?.at(-1);
  if (recorded && recorded.dayOfWeek === request.weekday && recorded.startTime === request.time && await carryOut(plan, recorded, now) > 0) return plan;
  // A few passes at most: each failed write means a payment, a pause or another change came meanwhile.
  for (let pass = 0; pass < 3; pass++) {
    const { clashes, ...quote } = await slotNow(plan, request, now);
    if (clashes.length) throw new DomainError(409, 'slot_clashes', planMessages.slotClashes, { clashes });
    const change: PlanSlotChange = { ...quote, previous: { dayOfWeek: plan.dayOfWeek, startTime: plan.startTime }, at: now.toISOString() };
    const newStart = new Map(change.moved.map((m) => [m.bookingId, m.to]));
    const lessons = plan.lessons.map((l) => ({ ...l, start: newStart.get(l.bookingId) ?? l.start }));
    const instalments = instalmentsAfterPause(plan, change.released.map((l) => l.bookingId));
    if (await markPlanSlotChanged(plan, change, lessons, instalments)) {
      plan = { ...plan, dayOfWeek: change.dayOfWeek, startTime: change.startTime, lessons, instalments, slotChanges: [...(plan.slotChanges ?? []), change] };
      await carryOut(plan, change, now);
      return plan;
    }
    plan = await payersPlan(user, planId);
  }
  throw new Conflict('plan_changed', planMessages.slotChanged);
}

/** Moves and cancels what the change decided that is not done yet, then announces it (again: told once); how many it did now. */
async function carryOut(plan: Plan, change: PlanSlotChange, now: Date): Promise<number> {
  let done = 0;
  const moved: string[] = [];
  const notMoved: string[] = [];
  for (const lesson of change.moved) {
    const outcome = await movePlanLesson(plan.payerId, lesson.bookingId, lesson.from, lesson.to, now);
    if (outcome === 'moved') done++;
    if (outcome === 'moved' || outcome === 'already') moved.push(lesson.to);
    if (outcome === 'taken') notMoved.push(lesson.from);
  }
  for (const lesson of [...change.refunded, ...change.released]) {
    if (await cancelPlanLesson(plan.payerId, lesson.bookingId, undefined, new Date(change.at), now, 'slotChanged')) done++;
  }
  await publishEvent('PlanSlotChanged', {
    planId: plan.id, payerId: plan.payerId, tutorId: plan.tutorId, subject: plan.subject,
    dayOfWeek: change.dayOfWeek, startTime: change.startTime, previousDayOfWeek: change.previous.dayOfWeek, previousStartTime: change.previous.startTime,
    timeZone: plan.timeZone, from: change.from, changedAt: change.at, moved, notMoved,
    refunded: change.refunded.map((l) => l.start), refundMinor: Math.round(change.refundAmount * 100), kept: [], released: change.released.map((l) => l.start),
    occurredAt: change.at,
  });
  return done;
}
