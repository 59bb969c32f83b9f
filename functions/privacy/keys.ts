/**
 * Privacy items in the single table (docs/data-model.md "Privacy: export and deletion"). Pure.
 *   export job      pk PRIVACY#{userId}        sk EXPORT                status running | ready | failed, archiveKey, requestedAt, readyAt
 *   deletion job    pk PRIVACY#{userId}        sk DELETION#{target}     target ACCOUNT or a learner id; status running | done
 *   audit           pk PRIVACYAUDIT#{auditId}  sk AUDIT                 gsi1 PRIVACYAUDIT / {at}#{auditId} (super admins' list, newest first)
 * The audit lives outside the user's partitions on purpose: deleting an account removes
 * PRIVACY#{userId} with everything else, and the record that it was deleted must outlive it.
 *
 * The walk: every partition and index entry that holds one user's items, from the key builders
 * of the domains that own them (their keys.ts), then what those items name by key (domains.ts).
 * An export reads these; a deletion changes them. Inside the user's partition USER#{userId} are
 * also the verified phone, a waiting phone code, notification preferences and opt-outs.
 */
import * as z from 'zod';
import { chatPartition } from '../ai/keys.js';
import { studentBookingsPartition, tutorBookingsPartition } from '../bookings/keys.js';
import { studentCertificatesPartition } from '../certificates/keys.js';
import { studentCoursesPartition, tutorCoursesPartition } from '../courses/keys.js';
import { studentDisputesPartition } from '../disputes/keys.js';
import { inboxKey } from '../conversations/keys.js';
import { approvalRequestKey, householdPartition } from '../households/keys.js';
import { tutorDocumentsPartition } from '../kyc/keys.js';
import { tutorEntriesPartition } from '../ledger/keys.js';
import { userCapKey } from '../messaging/keys.js';
import { tutorPayoutsPartition } from '../payouts/keys.js';
import { userPk } from '../profiles/keys.js';
import { progressPartition } from '../progress/keys.js';
import { familyLessonsPartition } from '../reports/keys.js';
import { studentReviewsPartition } from '../reviews/keys.js';
import { tutorPk } from '../tutors/keys.js';
import { weeklyLearnerKey } from '../weeklyreports/keys.js';

export const privacyPartition = (userId: string) => `PRIVACY#${userId}`;
export const exportJobKey = (userId: string) => ({ pk: privacyPartition(userId), sk: 'EXPORT' });
export const ACCOUNT_TARGET = 'ACCOUNT';
export const deletionJobKey = (userId: string, target: string) => ({ pk: privacyPartition(userId), sk: `DELETION#${target}` });
export const AUDIT_PARTITION = 'PRIVACYAUDIT';
export const auditKey = (auditId: string) => ({ pk: `${AUDIT_PARTITION}#${auditId}`, sk: 'AUDIT' });
/** The AI usage counters of a user (ai/keys.ts builds them per day only). */
const aiUsagePartition = (userId: string) => `AIUSE#${userId}`;

/** Where an export archive is written: private, never under public/ or staging/. */
export const exportArchivePrefix = (userId: string) => `privacy-exports/${userId}/`;

export type IndexName = 'gsi1' | 'gsi2' | 'gsi3';
export type WalkStep = { what: string; partition: string } | { what: string; index: IndexName; partition: string };

/** The user's own partitions (every item in them is theirs). */
export function ownPartitions(userId: string): WalkStep[] {
  return [
    { what: 'profile', partition: userPk(userId) },
    { what: 'household', partition: householdPartition(userId) },
    { what: 'aiChats', partition: chatPartition(userId) },
    { what: 'aiUsage', partition: aiUsagePartition(userId) },
    { what: 'progress', partition: progressPartition(userId) },
    { what: 'privacy', partition: privacyPartition(userId) },
    // The request of an under-18 solo sign-up (whom to ask: the parent's e-mail and phone).
    { what: 'parentApproval', partition: approvalRequestKey(userId).pk },
    // The conversations inbox's unread total; the conversations themselves: domains.ts.
    { what: 'inbox', partition: inboxKey(userId).pk },
    // Paid SMS/WhatsApp sends counted per day (also removed by TTL).
    { what: 'messagingCaps', partition: userCapKey(userId, '').pk },
    // Lessons history and the weekly report's record of whom it goes to: kept under the learner's id
    // (a household child's, or an adult student's own).
    { what: 'lessonHistory', partition: familyLessonsPartition(userId) },
    { what: 'weeklyReports', partition: weeklyLearnerKey(userId).pk },
  ];
}

/**
 * A household child's own partitions (games, study assistant, lessons history…): everything of
 * ownPartitions kept under the learner's id. Household and privacy items live under the parent.
 */
export function learnerPartitions(learnerId: string): WalkStep[] {
  return ownPartitions(learnerId).filter((step) => step.what !== 'household' && step.what !== 'privacy');
}

/** Items elsewhere that name the user, found through the indexes their owners keep per user. */
export function userIndexes(userId: string): WalkStep[] {
  return [
    { what: 'bookings', index: 'gsi1', partition: studentBookingsPartition(userId) },
    { what: 'reviews', index: 'gsi2', partition: studentReviewsPartition(userId) },
    { what: 'courseEnrolments', index: 'gsi1', partition: studentCoursesPartition(userId) },
    { what: 'certificates', index: 'gsi1', partition: studentCertificatesPartition(userId) },
    { what: 'disputes', index: 'gsi2', partition: studentDisputesPartition(userId) },
  ];
}

/** A tutor's own items: their partition and the indexes of what they teach and earn. */
export function tutorSteps(userId: string): WalkStep[] {
  return [
    { what: 'tutor', partition: tutorPk(userId) },
    { what: 'lessonsTaught', index: 'gsi2', partition: tutorBookingsPartition(userId) },
    { what: 'kycDocuments', index: 'gsi2', partition: tutorDocumentsPartition(userId) },
    { what: 'courses', index: 'gsi2', partition: tutorCoursesPartition(userId) },
    { what: 'ledger', index: 'gsi2', partition: tutorEntriesPartition(userId) },
    { what: 'payouts', index: 'gsi2', partition: tutorPayoutsPartition(userId) },
  ];
}

export const EXPORT_STATUSES = ['running', 'ready', 'failed'] as const;
export const ExportJobItem = z.object({
  userId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().optional(),
  archiveKey: z.string().optional(),
  itemCount: z.number().optional(),
});
export type ExportJobItem = z.infer<typeof ExportJobItem>;

export const DeletionJobItem = z.object({
  userId: z.string(),
  target: z.string(),
  status: z.enum(['running', 'done']),
  requestedAt: z.string(),
  /** Kept until the job used it to remove the sign-in (Cognito's user name is the e-mail). */
  email: z.string().optional(),
  /** A child's deletion: their own login's user id, read before the child leaves the household (which unlinks it). */
  loginUserId: z.string().optional(),
  doneAt: z.string().optional(),
});
export type DeletionJobItem = z.infer<typeof DeletionJobItem>;

export const AUDIT_KINDS = [
  'account_deleted', 'learner_deleted', 'admin_read_learner', 'admin_read_household',
  // Moderation (admin/moderation-service.ts): a reported conversation read, an account suspended or reinstated.
  'admin_read_conversation', 'user_suspended', 'user_unsuspended',
] as const;
export const AuditItem = z.object({
  auditId: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** Who asked: the user themself for a deletion, the super admin for a read or a suspension. */
  actorId: z.string(),
  /** Whose data: the user (household) and, when it is about one child, the learner. */
  subjectUserId: z.string(),
  learnerId: z.string().optional(),
  at: z.string(),
  /** What was removed or read: item counts by kind, S3 objects, the sign-in. */
  detail: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
});
export type AuditItem = z.infer<typeof AuditItem>;

export function auditItem(audit: AuditItem): Record<string, unknown> {
  return { ...auditKey(audit.auditId), entity: 'PrivacyAudit', gsi1pk: AUDIT_PARTITION, gsi1sk: `${audit.at}#${audit.auditId}`, ...audit };
}
