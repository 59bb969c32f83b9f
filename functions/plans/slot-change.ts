/**
 * Changing a weekly plan's slot (its weekday and time): which of its lessons move, to when, and
 * which stay. Pure; slot-change-service.ts checks every new time against the tutor's calendar
 * (occurrences.ts planClashes, as a new plan is checked), records the change on the plan and
 * carries it out.
 *
 * A lesson moves within its own plan week (Monday to Sunday on the plan's clock, the tutor's zone)
 * to the new weekday at the new wall-clock time, so a DST change moves the family's clock, never
 * the tutor's. It moves only if it is still to come (paid, or an unpaid hold still held), in the
 * chosen week or later, and both its old and its new time are outside the free-cancellation
 * window: a lesson about to happen, or past, stays where it is. Duration and price stay; a paid
 * lesson keeps its payment.
 */
import { fromZonedTime } from 'date-fns-tz';
import { wallClock } from '../shared/time.js';
import type { Booking } from '../bookings/contract.js';
import type { Plan } from './contract.js';
import { addDays, localDate, mondayOf } from './pausing.js';

export type SlotChangeRefusal = 'plan_declined' | 'plan_ended' | 'nothing_to_change';

type SlotInput = Pick<Booking, 'id' | 'scheduledAt' | 'status' | 'paymentStatus'>;
type ChangedPlan = Pick<Plan, 'status' | 'dayOfWeek' | 'startTime' | 'durationMinutes' | 'timeZone'>;

export interface NewSlot {
  /** 0 Sunday … 6 Saturday, on the plan's clock. */
  dayOfWeek: number;
  /** "HH:MM" wall clock in the plan's zone. */
  startTime: string;
  /** A day of the first plan week to move (yyyy-mm-dd); the soonest movable lesson when absent. */
  from?: string | undefined;
}

export interface SlotMove {
  bookingId: string;
  /** The Monday of the lesson's plan week. */
  week: string;
  from: string;
  to: string;
  end: string;
  paid: boolean;
  /** The new wall-clock time does not exist that day (a spring-forward gap). */
  noSuchTime?: true;
}

export interface SlotChangeDecision {
  /** The Monday of the first week that moves. */
  from: string;
  moves: SlotMove[];
  /** Lessons still to come that stay where they are (before the chosen week, or too close to start). */
  stays: Array<{ bookingId: string; start: string }>;
}

const HOUR_MS = 3_600_000;

/** Whether a lesson is still to come and the plan's: paid and confirmed, or an unpaid hold still held. */
function upcoming(lesson: SlotInput): 'paid' | 'held' | null {
  if (lesson.status === 'confirmed' && lesson.paymentStatus === 'paid') return 'paid';
  if (lesson.status === 'pending' && lesson.paymentStatus !== 'paid') return 'held';
  return null;
}

/** The lesson's week's day at the new slot, on the plan's clock, as a UTC instant (null: no such time). */
export function newStart(start: string, slot: Pick<NewSlot, 'dayOfWeek' | 'startTime'>, timeZone: string): { week: string; start: string; exists: boolean } {
  const week = mondayOf(localDate(start, timeZone));
  const date = addDays(week, (slot.dayOfWeek + 6) % 7);
  const wall = `${date}T${slot.startTime}:00`;
  const instant = fromZonedTime(wall, timeZone);
  return { week, start: instant.toISOString(), exists: wallClock(instant, timeZone) === wall };
}

/**
 * What moving the plan to `slot` would do now, or why it cannot. `lessons` as their readers see
 * them now (withLessons: a hold run out shows expired).
 */
export function planSlotChange(
  plan: ChangedPlan, lessons: readonly SlotInput[], slot: NewSlot, now: Date, windowHours: number,
): { change: SlotChangeDecision } | { refusal: SlotChangeRefusal } {
  if (plan.status === 'declined') return { refusal: 'plan_declined' };
  if (plan.status === 'ended') return { refusal: 'plan_ended' };
  if (plan.dayOfWeek === slot.dayOfWeek && plan.startTime === slot.startTime) return { refusal: 'nothing_to_change' };
  const firstWeek = slot.from ? mondayOf(slot.from) : '';
  const windowEnds = now.getTime() + windowHours * HOUR_MS;
  const moves: SlotMove[] = [];
  const stays: SlotChangeDecision['stays'] = [];
  for (const lesson of [...lessons].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))) {
    const kind = upcoming(lesson);
    if (!kind || Date.parse(lesson.scheduledAt) <= now.getTime()) continue;
    const target = newStart(lesson.scheduledAt, slot, plan.timeZone);
    const movable = target.week >= firstWeek && Date.parse(lesson.scheduledAt) > windowEnds && Date.parse(target.start) > windowEnds;
    if (!movable) { stays.push({ bookingId: lesson.id, start: lesson.scheduledAt }); continue; }
    moves.push({
      bookingId: lesson.id, week: target.week, from: lesson.scheduledAt, to: target.start,
      end: new Date(Date.parse(target.start) + plan.durationMinutes * 60_000).toISOString(), paid: kind === 'paid',
      ...(target.exists ? {} : { noSuchTime: true as const }),
    });
  }
  if (!moves.length) return { refusal: 'nothing_to_change' };
  return { change: { from: moves[0]!.week, moves, stays } };
}
