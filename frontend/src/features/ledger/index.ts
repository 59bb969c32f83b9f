/** What other features may use of the ledger: the tutor's money, the platform's figures, the query keys. */
export { TutorMoney } from './TutorMoney';
export { PlatformMoney } from './PlatformMoney';
export { ledgerKeys, payoutKeys } from './keys';
