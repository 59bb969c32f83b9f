/**
 * Pausing some weeks of a weekly plan (the family that pays for it pauses them): which of its
 * lessons the pause covers and what happens to each. Pure; pause-service.ts reads the lessons,
 * records this on the plan and carries it out.
 *
 * The weeks run Monday to Sunday on the plan's clock (its tutor's zone, where its lessons' dates
 * are). In them, the lessons still to come are treated as ending treats every lesson still to
 * come (ending.ts): a paid one outside the free-cancellation window is cancelled and its share of
 * its instalment refunded, a paid one inside it is kept (it happens and the tutor is paid), an
 * unpaid hold of a later instalment is released. The plan's other weeks stay as they are: its end
 * is the school term's, so a pause gives money back rather than moving lessons later.
 */
import type { Booking } from '../bookings/contract.js';
import type { Plan, PlanPauseQuote } from './contract.js';
import { planEnding } from './ending.js';

export type PauseRefusal = 'plan_declined' | 'plan_ended' | 'plan_not_paid' | 'weeks_outside_plan' | 'nothing_to_pause';

type PauseInput = Pick<Booking, 'id' | 'scheduledAt' | 'status' | 'paymentStatus'>;
type PausedPlan = Pick<Plan, 'status' | 'pricePerLesson' | 'timeZone' | 'lessons' | 'instalments'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** yyyy-mm-dd of an instant on a zone's clock. */
export function localDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The Monday of the week a date (yyyy-mm-dd) is in. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Mondays of the weeks a plan has lessons in, first to last (the weeks a pause may cover). */
export function planWeeks(plan: Pick<Plan, 'timeZone' | 'lessons'>): string[] {
  return [...new Set(plan.lessons.map((l) => mondayOf(localDate(l.start, plan.timeZone))))].sort();
}

/**
 * What pausing `weeks` weeks from the week of `from` would do now, or why it cannot.
 * `lessons` as their readers see them now (withLessons: a hold run out shows expired).
 */
export function planPause(
  plan: PausedPlan, lessons: readonly PauseInput[], from: string, weeks: number, now: Date, windowHours: number,
): { pause: PlanPauseQuote } | { refusal: PauseRefusal } {
  if (plan.status === 'declined') return { refusal: 'plan_declined' };
  if (plan.status === 'ended') return { refusal: 'plan_ended' };
  // Nothing paid: there is nothing to give back, and not paying (or ending) already frees the lessons.
  if (!plan.instalments.some((i) => i.status === 'paid')) return { refusal: 'plan_not_paid' };
  const first = mondayOf(from);
  const end = addDays(first, 7 * weeks);
  const planned = planWeeks(plan);
  if (!planned.length || first < planned[0]! || end > addDays(planned.at(-1)!, 7)) return { refusal: 'weeks_outside_plan' };
  const inWeeks = lessons.filter((l) => {
    const date = localDate(l.scheduledAt, plan.timeZone);
    return date >= first && date < end;
  });
  const decided = planEnding(plan, inWeeks, now, windowHours);
  // Lessons kept inside the window alone change nothing: the pause would have nothing to do.
  if (!decided.refunded.length && !decided.released.length) return { refusal: 'nothing_to_pause' };
  return { pause: { from: first, weeks, ...decided } };
}

/**
 * The plan's instalments once a pause released these lessons: an instalment not yet paid holds
 * (and charges for) only the lessons left to it, and one left with none is skipped, never charged.
 * Paid instalments are as they were: their paused lessons are refunded instead.
 */
export function instalmentsAfterPause(plan: Pick<Plan, 'pricePerLesson' | 'instalments'>, released: readonly string[]): Plan['instalments'] {
  const gone = new Set(released);
  const shareMinor = Math.round(plan.pricePerLesson * 100);
  return plan.instalments.map((i) => {
    if (i.status !== 'pending' || !i.bookingIds.some((id) => gone.has(id))) return i;
    const bookingIds = i.bookingIds.filter((id) => !gone.has(id));
    return { ...i, bookingIds, amount: (shareMinor * bookingIds.length) / 100, ...(bookingIds.length ? {} : { status: 'skipped' as const }) };
  });
}
