/** One tutor's weekly payout, or one payout's resend, as the `payouts-weekly` job sends it to the `payout-work` queue. */
import * as z from 'zod';

export const PayoutWork = z.discriminatedUnion('kind', [
  /** Pay the tutor's available balance for the run at `at` (its payout reference follows from both: one payout per tutor and run). */
  z.object({ kind: z.literal('pay'), tutorId: z.string().min(1).max(100), at: z.iso.datetime() }),
  /** Send again a payout whose transfer call failed or was never answered (same transfer reference). */
  z.object({ kind: z.literal('resend'), reference: z.string().min(1).max(100), at: z.iso.datetime() }),
]);
export type PayoutWork = z.infer<typeof PayoutWork>;
