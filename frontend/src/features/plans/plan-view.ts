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
