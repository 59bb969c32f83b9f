/**
 * Review limits the SPA's forms show and check, without zod (contract.ts holds the schemas):
 * the tutor profile and My Bookings load this and not the zod runtime.
 */
export { MAX_COMMENT_LENGTH, MAX_REPLY_LENGTH } from './rules.js';
