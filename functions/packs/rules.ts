/**
 * Lesson packs: what a pack costs and when one of its credits may be used or comes back. Pure.
 *
 * Amounts are computed in minor units (cents) from the tutor's hourly rate, never from KES floats
 * summed. The server prices every pack; a family never sends an amount.
 *
 * Credits never expire: a pack's unused lessons stay bookable for as long as the pack exists.
 */
import { PACK_DISCOUNT, PACK_DURATIONS, PACK_SIZES } from './catalog.js';

export { MAX_OFFERS, PACK_DISCOUNT, PACK_DURATIONS, PACK_SIZES } from './catalog.js';
export type PackDuration = (typeof PACK_DURATIONS)[number];

export interface PackTerms { lessons: number; durationMinutes: PackDuration; discountPercent: number }

/** Why a tutor's terms cannot be offered (a 422 where the route meets it). */
export function packTermsProblem(terms: PackTerms): 'lesson_count' | 'discount' | 'duration' | null {
  if (!Number.isInteger(terms.lessons) || terms.lessons < PACK_SIZES.min || terms.lessons > PACK_SIZES.max) return 'lesson_count';
  if (!Number.isInteger(terms.discountPercent) || terms.discountPercent < PACK_DISCOUNT.min || terms.discountPercent > PACK_DISCOUNT.max) return 'discount';
  if (!PACK_DURATIONS.includes(terms.durationMinutes)) return 'duration';
  return null;
}

/**
 * The pack's price: one lesson at the hourly rate (cents), times the lessons, less the discount,
 * rounded down to a whole shilling so the family is never charged a fraction of one.
 */
export function packPrice(hourlyRateKes: number, terms: PackTerms): { fullMinor: number; priceMinor: number; perLessonMinor: number } {
  const lessonMinor = Math.round((hourlyRateKes * 100 * terms.durationMinutes) / 60);
  const fullMinor = lessonMinor * terms.lessons;
  const priceMinor = Math.floor((fullMinor * (100 - terms.discountPercent)) / 100 / 100) * 100;
  return { fullMinor, priceMinor, perLessonMinor: Math.floor(priceMinor / terms.lessons) };
}

/**
 * The money the next credit used stands for: what is not yet given to a lesson, shared over the
 * credits left, rounded up, so the last credit takes exactly what is left and a pack's lessons
 * always add up to what was paid (also after a cancelled lesson gave its share back).
 */
export function nextShareMinor(unassignedMinor: number, creditsLeft: number): number {
  if (creditsLeft < 1) throw new Error('No credit left to share the money over');
  return Math.ceil(unassignedMinor / creditsLeft);
}

export interface PackState { status: 'awaiting_payment' | 'active'; creditsLeft: number; payerId: string; learnerId?: string }

/** Why a lesson cannot be booked from the pack by this caller for this learner. */
export function bookFromPackProblem(pack: PackState, callerId: string, learnerId: string | undefined): 'not_yours' | 'unpaid' | 'no_credits' | null {
  // Only the household that bought it, and only for the learner it was bought for.
  if (pack.payerId !== callerId || (pack.learnerId ?? undefined) !== (learnerId ?? undefined)) return 'not_yours';
  if (pack.status !== 'active') return 'unpaid';
  if (pack.creditsLeft < 1) return 'no_credits';
  return null;
}

/**
 * A pack lesson cancelled with a full refund due (the student inside the free window, or any
 * tutor/system cancel) gives its credit back instead of money; a late cancel uses it up.
 */
export const creditReturns = (cancellation: { refundDue: boolean }) => cancellation.refundDue;

/** One reference per payment attempt: PACK-{packId}-{attempt}. */
export const packReference = (packId: string, attempt: number) => `PACK-${packId}-${attempt}`;
const REFERENCE = /^PACK-([0-9a-f-]{36})-(\d+)$/;
export function parsePackReference(reference: string): { packId: string; attempt: number } | null {
  const match = REFERENCE.exec(reference);
  return match ? { packId: match[1]!, attempt: Number(match[2]) } : null;
}

/** The ledger's name for one pack lesson's share of the pack's payment. */
export const packLessonReference = (reference: string, bookingId: string) => `${reference}/${bookingId}`;
