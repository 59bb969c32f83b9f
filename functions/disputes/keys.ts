/**
 * Dispute items in the single table (docs/data-model.md "Disputes"). Pure: keys, item builders,
 * the decision's Update and the schema items are parsed with when read.
 *   dispute  pk DISPUTE#{bookingId}  sk DISPUTE   one per lesson (its id is the booking's)
 *            gsi1 DISPUTES#open / {reportedAt}#{bookingId} while open (sparse: the admin's list, oldest first)
 *            gsi2 STUDENTDISPUTES#{studentId} / {reportedAt}#{bookingId} (the student's My Bookings)
 * While open, the ledger's payment source carries the dispute's hold (functions/ledger/keys.ts).
 */
import * as z from 'zod';
import { DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_STATUSES } from './rules.js';

export const disputeKey = (bookingId: string) => ({ pk: `DISPUTE#${bookingId}`, sk: 'DISPUTE' });
export const OPEN_DISPUTES_PARTITION = 'DISPUTES#open';
export const studentDisputesPartition = (studentId: string) => `STUDENTDISPUTES#${studentId}`;
const sortKey = (d: { reportedAt: string; bookingId: string }) => `${d.reportedAt}#${d.bookingId}`;
/** The ledger hold a dispute places on its lesson's earnings. */
export const holdIdOf = (bookingId: string) => `dispute#${bookingId}`;

export const DisputeDecision = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES),
  /** Minor units given back to the payer (refunds only). */
  refundMinor: z.number().int().optional(),
  note: z.string(),
  /** The super admin who decided. */
  by: z.string(),
  at: z.string(),
});
export type DisputeDecision = z.infer<typeof DisputeDecision>;

export const DisputeItem = z.object({
  bookingId: z.string(),
  studentId: z.string(),
  tutorId: z.string(),
  subject: z.string(),
  scheduledAt: z.string(),
  durationMinutes: z.number(),
  /** What was paid for the lesson, and under which provider reference. */
  paidMinor: z.number().int(),
  reference: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  details: z.string().optional(),
  reportedAt: z.string(),
  /** The student (or parent) who paid, or a super admin whose refund of a taught lesson is recorded as a dispute. */
  reportedBy: z.enum(['student', 'admin']),
  status: z.enum(DISPUTE_STATUSES),
  decision: DisputeDecision.optional(),
});
export type DisputeItem = z.infer<typeof DisputeItem>;

export function disputeItem(dispute: DisputeItem): Record<string, unknown> {
  return {
    ...disputeKey(dispute.bookingId), entity: 'Dispute', ...dispute,
    ...(dispute.status === 'open' ? { gsi1pk: OPEN_DISPUTES_PARTITION, gsi1sk: sortKey(dispute) } : {}),
    gsi2pk: studentDisputesPartition(dispute.studentId), gsi2sk: sortKey(dispute),
  };
}

/** A new dispute: one per lesson, whoever writes first. */
export const disputePut = (dispute: DisputeItem) => ({
  Put: { Item: disputeItem(dispute), ConditionExpression: 'attribute_not_exists(pk)' },
});

/** open → decided, once: it leaves the open list. */
export const disputeDecidedUpdate = (bookingId: string, status: DisputeItem['status'], decision: DisputeDecision) => ({
  Update: {
    Key: disputeKey(bookingId),
    UpdateExpression: 'SET #s = :s, decision = :d REMOVE gsi1pk, gsi1sk',
    ConditionExpression: '#s = :open',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':s': status, ':d': decision, ':open': 'open' },
  },
});

/** The open list's cursor key of a dispute. */
export const openListKey = (d: DisputeItem) => ({ ...disputeKey(d.bookingId), gsi1pk: OPEN_DISPUTES_PARTITION, gsi1sk: sortKey(d) });
