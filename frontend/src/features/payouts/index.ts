/** What other features may use of payouts: the tutor's payout details card. */
export { PayoutDetailsCard } from './PayoutDetailsCard';
export { payoutKeys } from './keys';
