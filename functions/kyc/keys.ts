/**
 * KYC items in the single table (docs/data-model.md):
 *   document  pk KYCDOC#{id}  sk KYCDOC        gsi2 TUTORKYC#{tutorId} / {submittedAt}#{id}   (a tutor's documents)
 *                                              gsi1 KYC#pending / {submittedAt}#{id}           (only while pending)
 *   audit     pk KYCDOC#{id}  sk AUDIT#{at}    reviewer, decision, notes (one per review, kept)
 * The file itself is private in S3 under kyc/{tutorId}/{timestamp}_{name} (storageKey).
 * Pure: keys, item builders and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import { KycDocument } from './contract.js';

const docPk = (id: string) => `KYCDOC#${id}`;
export const docKey = (id: string) => ({ pk: docPk(id), sk: 'KYCDOC' });
export const reviewAuditKey = (documentId: string, at: string) => ({ pk: docPk(documentId), sk: `AUDIT#${at}` });

export const tutorDocumentsPartition = (tutorId: string) => `TUTORKYC#${tutorId}`;
/** gsi1: documents awaiting review (sparse: a decision takes the document off). */
export const PENDING_DOCUMENTS_PARTITION = 'KYC#pending';

/** A document as stored: where its file is, and the tutor's name for the review queue. */
export const StoredKycDocument = KycDocument.omit({ fileUrl: true }).extend({
  storageKey: z.string(),
  tutorFirstName: z.string(),
  tutorLastName: z.string(),
  reviewerId: z.string().optional(),
});
export type StoredKycDocument = z.infer<typeof StoredKycDocument>;

/** A new pending document with both of its index keys. */
export function pendingDocumentItem(doc: StoredKycDocument): Record<string, unknown> {
  return {
    ...docKey(doc.id), entity: 'KycDocument', ...doc,
    gsi2pk: tutorDocumentsPartition(doc.tutorId), gsi2sk: `${doc.submittedAt}#${doc.id}`,
    gsi1pk: PENDING_DOCUMENTS_PARTITION, gsi1sk: `${doc.submittedAt}#${doc.id}`,
  };
}
