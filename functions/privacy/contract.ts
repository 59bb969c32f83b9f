/** Privacy contract: export status, deletion requests, and super admins' household reads. */
import * as z from 'zod';
import { BoundedId } from '../../events/shared/ids.js';
import { Consent, Learner } from '../households/contract.js';
import { userText } from '../shared/text.js';
import { AuditItem } from './keys.js';

export { DELETE_CONFIRMATION, EXPORTS_PER_DAY, privacyMessages } from './rules.js';

export const ExportStatus = z.object({
  /** The newest export of the caller, or null when they never asked for one. */
  export: z.object({
    status: z.enum(['running', 'ready', 'failed', 'expired']),
    requestedAt: z.string(),
    readyAt: z.string().optional(),
    /** A presigned GET of the archive (JSON), valid until linkExpiresAt (7 days after it was ready). */
    downloadUrl: z.string().optional(),
    linkExpiresAt: z.string().optional(),
  }).nullable(),
  message: z.string().optional(),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

export const DeleteAccountRequest = z.object({
  /** The word DELETE, typed by the user. */
  confirmation: userText().max(20),
  /** The current password, asked again. */
  password: z.string().min(1).max(256),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const LearnerDeletionRequest = z.object({ learnerId: BoundedId });

export const DeletionStarted = z.object({ message: z.string() });

export const HouseholdQuery = z.object({ email: z.email().max(254) });
export const AdminLearnerParams = z.object({ parentId: BoundedId, learnerId: BoundedId });

export const AdminHousehold = z.object({
  parent: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  learners: z.array(z.object({
    id: z.string(), firstName: z.string(), curriculum: z.string(), grade: z.string(),
    /** The parent's consent records for this child (who, when, which policy version, how). */
    consents: z.array(Consent),
    /** Lessons booked for this child (any state). */
    bookings: z.number().int().nonnegative(),
  })),
});
export type AdminHousehold = z.infer<typeof AdminHousehold>;

export const AdminLearner = z.object({ learner: Learner });
export type AdminLearner = z.infer<typeof AdminLearner>;

/** An audit item as super admins read it (its id named `id`), with the actor's and household's names while their profiles exist. */
export const AuditEntry = AuditItem.omit({ auditId: true }).extend({ id: z.string(), actorName: z.string().optional(), subjectName: z.string().optional() });
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = z.object({ entries: z.array(AuditEntry) });
