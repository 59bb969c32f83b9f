/** Query keys of the ledger's figures (the tutor's earnings, the platform's totals). */
export const ledgerKeys = {
  all: ['ledger'] as const,
  mine: ['ledger', 'mine'] as const,
  platform: ['ledger', 'platform'] as const,
};
