/**
 * The `payout-work` worker (definitions.workQueues): one tutor's weekly payout, or one payout's
 * resend, as the weekly job (payouts/jobs/weekly-payouts.ts) found it. Redelivery pays nothing
 * twice: a tutor's payout of a run has one reference (payoutForRun), and a resend uses the
 * attempt's transfer reference, which Paystack dedupes.
 */
import { workConsumer } from '../../shared/work-queue.js';
import { payTutorForRun, resendPayout } from '../service.js';
import { PayoutWork } from './payout-work-contract.js';

export async function doPayoutWork(work: PayoutWork): Promise<void> {
  const at = new Date(work.at);
  if (work.kind === 'pay') await payTutorForRun(work.tutorId, at);
  else await resendPayout(work.reference, at);
}

export const handler = workConsumer('payout-work', PayoutWork, doPayoutWork);
