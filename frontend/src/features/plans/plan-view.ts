/**
 * What the weekly lesson screens show of a quote and a plan: which lessons are kept and which are
 * left out (and why), which instalment may be paid now. Pure, so it is unit-tested.
 */
import type { Plan, PlanQuote } from '@functions/plans/contract';

export type QuoteLesson = PlanQuote['lessons'][number];

/** The lessons a set-up books (the server takes only these: `lessonStarts`) and those it leaves out. */
export function splitQuote(quote: Pick<PlanQuote, 'lessons'>): { kept: QuoteLesson[]; leftOut: QuoteLesson[] } {
  return {
    kept: quote.lessons.filter((l) => l.status === 'free'),
    leftOut: quote.lessons.filter((l) => l.status !== 'free'),
  };
}

/** A 409 plan_changed's dates (`error.details.clashes`), or none when the answer has no such list. */
export function changedStarts(details: unknown): string[] {
  const clashes = (details as { clashes?: unknown } | undefined)?.clashes;
  return Array.isArray(clashes) ? clashes.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * The instalment the family may pay now: the first pending one, when every earlier one is paid;
 * the first while the plan awaits it only until its hold runs out (the lessons' hours are then no
 * longer kept, and the server refuses). Later ones are charged on their dates.
 */
export function payableInstalment(plan: Pick<Plan, 'status' | 'holdExpiresAt' | 'instalments'>, now: Date = new Date()): Plan['instalments'][number] | null {
  if (plan.status === 'declined' || plan.status === 'ended') return null;
  const next = [...plan.instalments].sort((a, b) => a.number - b.number).find((i) => i.status === 'pending');
  if (!next) return null;
  if (plan.status === 'awaiting_payment' && Date.parse(plan.holdExpiresAt) <= now.getTime()) return null;
  return next;
}

/** A fresh key per set-up attempt: a retry of the same attempt reuses it, so it makes one plan. */
export function attemptKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

type PlanWeeksInput = Pick<Plan, 'timeZone' | 'lessons'>;
type WeekLesson = { scheduledAt: string; status: string };

/** The Monday (yyyy-mm-dd) of the week an instant falls in on the plan's clock: the weeks a pause names. */
export function weekOf(iso: string, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  const day = new Date(`${date}T00:00:00Z`);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What the pause dialog offers: the weeks the plan still has a lesson to come in (to start from),
 * and for each how many weeks may follow it within the plan's dates. The server decides what a
 * pause does (and refuses weeks with nothing left to pause); these are only the choices.
 */
export function pauseChoices(plan: PlanWeeksInput, lessons: readonly WeekLesson[], now: Date = new Date()): Array<{ from: string; maxWeeks: number }> {
  const planWeeks = [...new Set(plan.lessons.map((l) => weekOf(l.start, plan.timeZone)))].sort();
  const last = planWeeks.at(-1);
  if (!last) return [];
  const coming = lessons
    .filter((l) => (l.status === 'confirmed' || l.status === 'pending') && Date.parse(l.scheduledAt) > now.getTime())
    .map((l) => weekOf(l.scheduledAt, plan.timeZone));
  return [...new Set(coming)].sort().map((from) => ({ from, maxWeeks: Math.round((Date.parse(last) - Date.parse(from)) / (7 * 86_400_000)) + 1 }));
}
