/**
 * The ledger's arithmetic, pure and unit-tested: the platform fee and the
 * tutor's share of a payment in integer minor units, the dispute window, and how much of a
 * refund comes back out of each side. Never a float: the share is what is left after the fee,
 * so fee + share is the payment to the cent, whatever the percentage.
 */

/** 15 % unless the deployment says otherwise (PLATFORM_FEE_PERCENT, CDK `-c platformFeePercent`). */
export const DEFAULT_PLATFORM_FEE_PERCENT = 15;
/** Hours after a lesson (or a course purchase) before its earnings can be paid out. */
export const DEFAULT_DISPUTE_WINDOW_HOURS = 48;

/** The fee in basis points (15 % → 1500), so a percentage like 17.5 is still whole numbers. */
export function feeBasisPoints(env: Record<string, string | undefined> = process.env): number {
  const percent = Number(env.PLATFORM_FEE_PERCENT);
  const valid = env.PLATFORM_FEE_PERCENT !== undefined && env.PLATFORM_FEE_PERCENT !== '' && Number.isFinite(percent) && percent >= 0 && percent <= 100;
  return Math.round((valid ? percent : DEFAULT_PLATFORM_FEE_PERCENT) * 100);
}

export function disputeWindowHours(env: Record<string, string | undefined> = process.env): number {
  const hours = Number(env.DISPUTE_WINDOW_HOURS);
  const valid = env.DISPUTE_WINDOW_HOURS !== undefined && env.DISPUTE_WINDOW_HOURS !== '' && Number.isFinite(hours) && hours >= 0;
  return valid ? hours : DEFAULT_DISPUTE_WINDOW_HOURS;
}

export interface Split { feeMinor: number; tutorMinor: number }

/** Fee rounded half up to the cent; the tutor gets the rest. */
export function splitPayment(amountMinor: number, basisPoints: number): Split {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`Not an amount in minor units: ${amountMinor}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) throw new RangeError(`Not a fee in basis points: ${basisPoints}`);
  const feeMinor = Math.floor((amountMinor * basisPoints + 5_000) / 10_000);
  return { feeMinor, tutorMinor: amountMinor - feeMinor };
}

/** When earnings made at `earnedAt` become available: the window later, to the millisecond. */
export const availableAt = (earnedAt: string, windowHours: number): string =>
  new Date(Date.parse(earnedAt) + Math.round(windowHours * 3_600_000)).toISOString();

/** Available from the window's end on (inclusive): a release run at exactly that moment releases. */
export const isAvailable = (available: string, now: Date): boolean => Date.parse(available) <= now.getTime();

/**
 * How a refund of `refundMinor` out of a split payment comes back: in proportion to the split,
 * the tutor's part rounded down, the platform's the rest; a whole refund takes back exactly both.
 */
export function refundSplit(split: Split, refundMinor: number): Split {
  const total = split.feeMinor + split.tutorMinor;
  if (!Number.isSafeInteger(refundMinor) || refundMinor < 0 || refundMinor > total) throw new RangeError(`Refund ${refundMinor} outside 0..${total}`);
  const tutorMinor = total === 0 ? 0 : Math.floor((split.tutorMinor * refundMinor) / total);
  return { tutorMinor, feeMinor: refundMinor - tutorMinor };
}

/** `count` shares of `amountMinor` that sum to it exactly (the first ones a cent more when it does not divide). */
export function lessonShares(amountMinor: number, count: number): number[] {
  const base = Math.floor(amountMinor / count);
  const rest = amountMinor - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}
