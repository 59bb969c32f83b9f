/**
 * The daily provider reconciliation (definitions.schedules `ledger-reconcile`): the charges,
 * refunds and transfers Paystack made in the two whole days before the run, against the ledger
 * and the payment records; each mismatch goes on the super admins' payment problems list and
 * counts in the ProviderMismatch metric (its alarm wakes the operator). Safe to run twice: a
 * mismatch is recorded once per reference and source.
 */
import { scheduledJob } from '../../shared/job.js';
import { reconcileWindow } from '../reconcile.js';
import { reconcileWithProvider } from '../reconcile-service.js';

export const handler = scheduledJob('ledger-reconcile', async ({ scheduledTime }) => {
  const report = await reconcileWithProvider(reconcileWindow(scheduledTime), { flag: true, now: scheduledTime });
  return {
    from: report.from, to: report.to, charges: report.checked.charge, refunds: report.checked.refund, transfers: report.checked.transfer,
    mismatches: report.mismatches.length, flagged: report.flagged,
  };
});
