/** Disputes contract: a problem reported with a taught lesson, and a super admin's decision; shared by the API and the SPA. */
import * as z from 'zod';
import { AttendanceEntry } from '../live/contract.js';
import { userText } from '../shared/text.js';
import {
  DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_STATUSES, disputeMessages, MAX_DETAILS_LENGTH, MAX_NOTE_LENGTH,
} from './rules.js';

export {
  DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_STATUSES, disputeMessages, MAX_DETAILS_LENGTH, MAX_NOTE_LENGTH, REPORT_WINDOW_HOURS, reportDeadline,
  type DisputeOutcome, type DisputeReason, type DisputeStatus,
} from './rules.js';

/** Ids stay plain bounded strings here until functions/shared has its bounded id schemas. */
const Id = z.string().min(1, disputeMessages.bookingNotFound).max(128, disputeMessages.bookingNotFound);

export const DisputeParams = z.object({ bookingId: Id });

export const ReportProblemRequest = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: 'Choose what went wrong' }),
  details: userText().trim().max(MAX_DETAILS_LENGTH, `At most ${MAX_DETAILS_LENGTH} characters`).optional(),
}).refine((r) => r.reason !== 'other' || Boolean(r.details?.trim()), { message: disputeMessages.detailsRequired, path: ['details'] });
export type ReportProblemRequest = z.input<typeof ReportProblemRequest>;

export const DecideDisputeRequest = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: 'Choose a decision' }),
  /** KSh to give back, for a partial refund (at most two decimals; at most what was paid). */
  amountKsh: z.number({ error: disputeMessages.amountRequired }).positive(disputeMessages.amountRequired).max(10_000_000, disputeMessages.amountTooLarge)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: 'An amount in KSh has at most two decimals' }).optional(),
  note: userText().trim().min(3, 'Write a note for both parties (at least 3 characters)').max(MAX_NOTE_LENGTH, `At most ${MAX_NOTE_LENGTH} characters`),
}).refine((d) => d.outcome !== 'partial_refund' || d.amountKsh !== undefined, { message: disputeMessages.amountRequired, path: ['amountKsh'] });
export type DecideDisputeRequest = z.input<typeof DecideDisputeRequest>;

/** A dispute as its student sees it on My Bookings. */
export const Dispute = z.object({
  bookingId: z.string(),
  subject: z.string(),
  scheduledAt: z.string(),
  durationMinutes: z.number(),
  reason: z.enum(DISPUTE_REASONS),
  details: z.string().optional(),
  reportedAt: z.string(),
  reportedBy: z.enum(['student', 'admin']),
  status: z.enum(DISPUTE_STATUSES),
  paidMinor: z.number().int(),
  /** Once decided: what, how much was given back, and the team's note. */
  decision: z.object({
    outcome: z.enum(DISPUTE_OUTCOMES),
    refundMinor: z.number().int().optional(),
    note: z.string(),
    at: z.string(),
  }).optional(),
});
export type Dispute = z.infer<typeof Dispute>;

export const LESSON_EVENT_KINDS = ['booked', 'paid', 'rescheduled', 'room_opened', 'class_started', 'room_ended_by_tutor', 'completed', 'reported'] as const;
export type LessonEventKind = (typeof LESSON_EVENT_KINDS)[number];

const Party = z.object({ id: z.string(), name: z.string() });
/** What a super admin decides on: the report, the parties, who joined the room when, and the lesson's events in order. */
export const AdminDispute = Dispute.extend({
  reference: z.string(),
  student: Party,
  tutor: Party,
  /** Every join of the live room, oldest first (empty: nobody joined). */
  attendance: z.array(AttendanceEntry),
  /** The booking's and the room's events, oldest first. */
  events: z.array(z.object({ kind: z.enum(LESSON_EVENT_KINDS), at: z.string() })),
  /** The lesson was settled as a no-show of this party (the lessons job). */
  noShow: z.enum(['student', 'tutor']).optional(),
});
export type AdminDispute = z.infer<typeof AdminDispute>;

export const OpenDisputesQuery = z.object({
  cursor: z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, 'This list has changed. Please reload.').optional(),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});
export type OpenDisputesQuery = z.infer<typeof OpenDisputesQuery>;

export const OpenDisputesResponse = z.object({ disputes: z.array(AdminDispute), nextCursor: z.string().optional() });
export type OpenDisputesResponse = z.infer<typeof OpenDisputesResponse>;
export const MyDisputesResponse = z.object({ disputes: z.array(Dispute) });
export type MyDisputesResponse = z.infer<typeof MyDisputesResponse>;
export const DisputeResponse = z.object({ dispute: Dispute, message: z.string() });
export type DisputeResponse = z.infer<typeof DisputeResponse>;
