/**
 * Dispute lists, limits and the report deadline the SPA's forms show and check, without zod
 * (contract.ts holds the schemas): My Bookings and the super admin's overview load this and not
 * the zod runtime.
 */
export {
  DISPUTE_OUTCOMES, DISPUTE_REASONS, MAX_DETAILS_LENGTH, MAX_NOTE_LENGTH, reportDeadline,
  type DisputeOutcome, type DisputeReason,
} from './rules.js';
