import type { PayoutView } from '@functions/payouts/contract';

type PayoutStatus = PayoutView['status'];

/** Query keys of the ledger's figures (the tutor's earnings, the platform's totals). */
export const ledgerKeys = {
  all: ['ledger'] as const,
  mine: ['ledger', 'mine'] as const,
  platform: ['ledger', 'platform'] as const,
};

/** Payouts: the tutor's (with whether Withdraw is possible) and the super admin's lists by status. */
export const payoutKeys = {
  all: ['payouts'] as const,
  mine: ['payouts', 'mine'] as const,
  admin: (status: PayoutStatus) => ['payouts', 'admin', status] as const,
};
