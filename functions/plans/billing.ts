/**
 * How a weekly plan is paid: by the month (the next four weeks' lessons, charged in advance) or
 * the whole term up front; and what ending it gives back. Amounts are whole KES, as bookings are.
 *
 * Nothing expires silently: every lesson paid and not yet held is refunded (or carried into the
 * next term) when the plan ends, priced at what was paid for it.
 */
import { HOUR_MS } from '../tutors/schedule.js';
import type { Occurrence } from './occurrences.js';

const DAY_MS = 24 * HOUR_MS;
/** One monthly instalment covers the lessons that start within this many days of its first. */
export const INSTALMENT_DAYS = 28;
/** A monthly charge is taken this long before the first lesson it pays for (announced before). */
export const CHARGE_LEAD_DAYS = 3;
/** A failed monthly charge leaves the slots held this long (with reminders) before they are released. */
export const GRACE_HOURS = 48;

export interface Instalment {
  /** 1-based, in order. */
  number: number;
  /** When it is charged: at once for the first, CHARGE_LEAD_DAYS before its first lesson after. */
  chargeAt: string;
  lessons: Occurrence[];
  amount: number;
}

/** The plan's instalments: consecutive blocks of lessons, each starting within INSTALMENT_DAYS of its first. */
export function monthlyInstalments(occurrences: readonly Occurrence[], pricePerLesson: number, now: Date): Instalment[] {
  const instalments: Instalment[] = [];
  for (const occurrence of occurrences) {
    const current = instalments.at(-1);
    const blockStart = current ? Date.parse(current.lessons[0]!.start) : undefined;
    if (current && blockStart !== undefined && Date.parse(occurrence.start) < blockStart + INSTALMENT_DAYS * DAY_MS) {
      current.lessons.push(occurrence);
      current.amount += pricePerLesson;
      continue;
    }
    const number = instalments.length + 1;
    const lead = new Date(Date.parse(occurrence.start) - CHARGE_LEAD_DAYS * DAY_MS);
    const chargeAt = number === 1 || lead.getTime() < now.getTime() ? now : lead;
    instalments.push({ number, chargeAt: chargeAt.toISOString(), lessons: [occurrence], amount: pricePerLesson });
  }
  return instalments;
}

/** The whole term up front: one instalment, charged now. */
export function termInstalment(occurrences: readonly Occurrence[], pricePerLesson: number, now: Date): Instalment[] {
  return occurrences.length
    ? [{ number: 1, chargeAt: now.toISOString(), lessons: [...occurrences], amount: pricePerLesson * occurrences.length }]
    : [];
}

export interface PaidLesson {
  start: string;
  /** What the family paid for this lesson. */
  amount: number;
  /** Held (completed), or given back already (cancelled and refunded). */
  state: 'upcoming' | 'completed' | 'refunded';
}

/**
 * What ending a plan gives back: every paid lesson that has not started and was not refunded
 * already. A lesson under way or past belongs to the tutor (completion settles it as any booking).
 */
export function unusedPaidLessons<L extends PaidLesson>(lessons: readonly L[], now: Date): { lessons: L[]; amount: number } {
  const unused = lessons.filter((l) => l.state === 'upcoming' && Date.parse(l.start) > now.getTime());
  return { lessons: unused, amount: unused.reduce((sum, l) => sum + l.amount, 0) };
}

/** When a failed instalment's held slots are released if it is still unpaid. */
export const graceEndsAt = (failedAt: Date) => new Date(failedAt.getTime() + GRACE_HOURS * HOUR_MS).toISOString();
