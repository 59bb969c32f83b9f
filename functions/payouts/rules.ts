/**
 * Who can be paid, pure and unit-tested: a KYC-approved tutor with payout
 * details, nothing in flight, and at least the minimum available. The minimum is KSh 1,000
 * unless the deployment says otherwise (PAYOUT_MINIMUM_KSH, CDK `-c payoutMinimumKsh`).
 */
import { createHash } from 'node:crypto';

export const DEFAULT_PAYOUT_MINIMUM_KSH = 1_000;

export function payoutMinimumMinor(env: Record<string, string | undefined> = process.env): number {
  const ksh = Number(env.PAYOUT_MINIMUM_KSH);
  const valid = env.PAYOUT_MINIMUM_KSH !== undefined && env.PAYOUT_MINIMUM_KSH !== '' && Number.isFinite(ksh) && ksh > 0;
  return Math.round((valid ? ksh : DEFAULT_PAYOUT_MINIMUM_KSH) * 100);
}

/** Why a tutor cannot be paid now, in the order they are told (the first that applies). */
export const PAYOUT_BLOCKS = ['no_kyc', 'no_details', 'in_flight', 'below_minimum'] as const;
export type PayoutBlock = (typeof PAYOUT_BLOCKS)[number];

export interface PayoutCandidate {
  kycApproved: boolean;
  hasRecipient: boolean;
  availableMinor: number;
  inFlightMinor: number;
  minimumMinor: number;
}

export function payoutBlock(c: PayoutCandidate): PayoutBlock | null {
  if (!c.kycApproved) return 'no_kyc';
  if (!c.hasRecipient) return 'no_details';
  if (c.inFlightMinor !== 0) return 'in_flight';
  if (c.availableMinor < c.minimumMinor) return 'below_minimum';
  return null;
}

/** Paystack transfer statuses after which no money went out (the payout goes back to available). */
const FAILED_TRANSFER = new Set(['failed', 'reversed', 'rejected', 'blocked', 'abandoned']);
export type TransferOutcome = 'paid' | 'failed' | 'pending';
export const transferOutcome = (status: string): TransferOutcome =>
  status === 'success' ? 'paid' : FAILED_TRANSFER.has(status) ? 'failed' : 'pending';

/**
 * The payout reference of a tutor's payout in the weekly run scheduled at `runAt`: the run's
 * time and a digest of tutor and run in place of the random part, so every delivery of that
 * tutor's message names the same payout (and Paystack the same transfer).
 */
export const runPayoutReference = (runAt: Date, tutorId: string): string =>
  payoutReference(runAt, createHash('sha256').update(`${tutorId}#${runAt.toISOString()}`).digest('hex').slice(0, 10));

/** payout_{time}{random}: sortable, unique, in the characters Paystack allows in a transfer reference. */
export const payoutReference = (now: Date, random: string): string => `payout_${now.getTime().toString(36).padStart(9, '0')}${random}`;

/**
 * The transfer reference of a payout's attempt. Paystack keeps one transfer per reference (it
 * refuses a reference it holds, failed or not), and a retry is a new transfer: attempt 1 is sent
 * under the payout's reference, attempt n under `{reference}-n`. A webhook then names the
 * attempt it reports on, so a late report of an earlier attempt cannot settle a later one.
 */
export const transferReference = (reference: string, attempt: number): string => (attempt === 1 ? reference : `${reference}-${attempt}`);

/** The payout and attempt a transfer reference names (payout references hold no '-'). */
export function transferAttempt(transfer: string): { reference: string; attempt: number } {
  const numbered = /^([^-]+)-([1-9]\d{0,5})$/.exec(transfer);
  return numbered ? { reference: numbered[1]!, attempt: Number(numbered[2]) } : { reference: transfer, attempt: 1 };
}
