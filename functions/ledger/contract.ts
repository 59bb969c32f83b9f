/**
 * What the ledger's routes read and answer (zod; the SPA imports the types). Amounts are
 * integer minor units (KES cents), as stored.
 */
import * as z from 'zod';
import { ACCOUNTS, ENTRY_KINDS } from './keys.js';

const minor = z.number().int();

/** One line of a tutor's earnings history: what happened to one payment, and what it did to their money. */
export const EarningsHistoryLine = z.object({
  entryId: z.string(),
  kind: z.enum(ENTRY_KINDS),
  at: z.string(),
  reference: z.string(),
  bookingId: z.string().optional(),
  courseId: z.string().optional(),
  /** What the money was for, read from the lesson or course it points to (absent if that is gone). */
  subject: z.string().optional(),
  studentFirstName: z.string().optional(),
  /** The lesson's UTC ISO start. */
  lessonAt: z.string().optional(),
  courseTitle: z.string().optional(),
  /** The payment split (earned entries): what the student paid, the fee and its rate. */
  grossMinor: minor.optional(),
  feeMinor: minor.optional(),
  feePercent: z.number().optional(),
  /** Change to the tutor's pending and available money. */
  pendingMinor: minor,
  availableMinor: minor,
  /** Payout entries: the amount the payout moved. */
  payoutMinor: minor.optional(),
  /**
   * A sale's line (earned lesson, course payment) whose share has since moved from pending to
   * available: when it moved. Its release is folded into it, so one sale reads as one credit.
   */
  availableSince: z.string().optional(),
});
export type EarningsHistoryLine = z.infer<typeof EarningsHistoryLine>;

export const TutorLedger = z.object({
  pendingMinor: minor,
  availableMinor: minor,
  inFlightMinor: minor,
  paidOutMinor: minor,
  /** The platform's fee now, in percent (15 unless configured), and the dispute window in hours. */
  feePercent: z.number(),
  disputeWindowHours: z.number(),
  /** Newest first, at most 50. */
  history: z.array(EarningsHistoryLine),
});
export type TutorLedger = z.infer<typeof TutorLedger>;

export const PlatformLedger = z.object({
  /** Everything students paid that the ledger recorded (confirmed payments). */
  paymentsMinor: minor,
  /** Fees kept by the platform, net of refunds it bore. */
  platformRevenueMinor: minor,
  /** Paid lessons not yet taught. */
  lessonsHeldMinor: minor,
  /** Tutors' money the platform still holds: pending + available + in flight. */
  heldForTutorsMinor: minor,
  tutorPendingMinor: minor,
  tutorAvailableMinor: minor,
  payoutsInFlightMinor: minor,
  paidOutMinor: minor,
  refundsMinor: minor,
  feePercent: z.number(),
  disputeWindowHours: z.number(),
});
export type PlatformLedger = z.infer<typeof PlatformLedger>;

const day = z.iso.date({ error: 'Dates are YYYY-MM-DD.' });
/** Export range: whole UTC days, `to` included, at most a year. */
export const LedgerExportQuery = z.object({ from: day, to: day }).refine((q) => q.from <= q.to, { message: 'The start date must be on or before the end date.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'Export at most one year at a time.', path: ['to'] });
export type LedgerExportQuery = z.infer<typeof LedgerExportQuery>;

export const LedgerExport = z.object({
  from: z.string(),
  to: z.string(),
  /** One row per posting: at, entry, kind, reference, booking, course, tutor, account, amount. */
  csv: z.string(),
  rows: z.number().int(),
  /** More postings than one export carries (10,000 entries): narrow the range. */
  truncated: z.boolean(),
});
export type LedgerExport = z.infer<typeof LedgerExport>;

export const LEDGER_ACCOUNTS = ACCOUNTS;
