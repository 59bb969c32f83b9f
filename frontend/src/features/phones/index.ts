/** What other features may use of phones: the caller's verified number (the M-Pesa prompt and payout forms prefill it). */
export { phoneKeys } from './keys';
export { myPhoneQuery } from './phones-api';
export { localMobile } from './format';
