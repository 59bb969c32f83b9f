/**
 * A tutor's secured weeks: how many paid plan lessons each of the coming weeks holds, and what
 * they were paid (pure, unit-tested). Weeks run Monday to Sunday on the tutor's own clock.
 */
import type { Booking } from '../bookings/contract.js';
import { weekOf } from '../shared/time.js';

export const SECURED_WEEKS = 4;

/** "2026-12-07": the date of `at` on the clock of `timeZone`. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The Monday (a date) of the week `date` (a date) is in: the weekly counters' week of that day. */
const mondayOf = (date: string) => weekOf(new Date(`${date}T00:00:00Z`));

const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** Paid, not cancelled plan lessons in this week and the next SECURED_WEEKS − 1, by week (empty weeks included). */
export function securedWeeks(lessons: readonly Pick<Booking, 'scheduledAt' | 'status' | 'paymentStatus' | 'totalAmount'>[], timeZone: string, now: Date, weeks = SECURED_WEEKS) {
  const first = mondayOf(localDate(now, timeZone));
  const out = Array.from({ length: weeks }, (_, i) => ({ weekStart: addDays(first, 7 * i), lessons: 0, amount: 0 }));
  for (const lesson of lessons) {
    if (lesson.paymentStatus !== 'paid' || lesson.status === 'cancelled') continue;
    const week = out.find((w) => w.weekStart === mondayOf(localDate(new Date(lesson.scheduledAt), timeZone)));
    if (!week) continue;
    week.lessons += 1;
    week.amount += lesson.totalAmount;
  }
  return out;
}
