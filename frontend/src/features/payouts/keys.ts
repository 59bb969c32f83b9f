/** Query keys of payouts (the tutor's payout details, the banks the form offers). */
export const payoutKeys = {
  all: ['payouts'] as const,
  details: ['payouts', 'details'] as const,
  banks: ['payouts', 'banks'] as const,
};
