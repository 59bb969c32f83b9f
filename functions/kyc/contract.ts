/** KYC contract, shared by the API and the SPA. */
import * as z from 'zod';
import { userText } from '../shared/text.js';
import { RecordId } from '../shared/contract.js';
import {
  ACADEMIC_QUALIFICATION_TYPES, DOCUMENT_TYPES, KYC_DOCUMENT_STATUSES, kycMessages, reviewNotesProblem,
} from './catalog.js';

export const RegisterKycDocumentRequest = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: kycMessages.chooseTypeAndFile }),
  academicQualificationType: z.enum(ACADEMIC_QUALIFICATION_TYPES).optional(),
  /** The staging key the upload ticket returned (S3 keys are at most 1024 bytes, as in uploads' RegisterUploadRequest). */
  key: userText({ error: kycMessages.chooseTypeAndFile }).min(1, kycMessages.chooseTypeAndFile).max(1024, kycMessages.chooseTypeAndFile),
}).refine((d) => d.documentType !== 'academic_qualification' || d.academicQualificationType, {
  message: kycMessages.qualificationTypeRequired, path: ['academicQualificationType'],
});
export type RegisterKycDocumentRequest = z.input<typeof RegisterKycDocumentRequest>;

export const KycDocument = z.object({
  id: z.string(),
  tutorId: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  academicQualificationType: z.enum(ACADEMIC_QUALIFICATION_TYPES).optional(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  /** The reviewer's notes; shown to the tutor for rejected documents. */
  notes: z.string().optional(),
  submittedAt: z.string(),
  reviewedAt: z.string().optional(),
  /** Signed link to the file, valid 3600 s from the response; none once the file is deleted. */
  fileUrl: z.string().optional(),
  /** When the file was deleted, its retention after the review being over (functions/kyc/retention.ts); the decision stays. */
  fileDeletedAt: z.string().optional(),
});
export type KycDocument = z.infer<typeof KycDocument>;
export const RegisterKycDocumentResponse = z.object({ document: KycDocument });

export const MyKycDocuments = z.object({ documents: z.array(KycDocument), kycStatus: z.string().optional() });
export type MyKycDocuments = z.infer<typeof MyKycDocuments>;

export const PendingKycDocument = KycDocument.extend({
  /** The tutor's e-mail: how a reviewer tells two tutors of the same name apart (absent if the profile is gone). */
  tutor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().optional() }),
});
export type PendingKycDocument = z.infer<typeof PendingKycDocument>;
export const PendingKycList = z.object({ documents: z.array(PendingKycDocument) });
export type PendingKycList = z.infer<typeof PendingKycList>;
/** GET /api/admin/kyc/pending: at most `limit` documents (default 50). */
export const PendingKycQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });

export const ReviewKycRequest = z.object({
  decision: z.enum(['approve', 'reject']),
  notes: userText().trim().max(1000, 'Notes are at most 1000 characters').optional(),
}).refine((r) => !reviewNotesProblem(r.decision, r.notes), { message: kycMessages.rejectionNeedsReason, path: ['notes'] });
export type ReviewKycRequest = z.input<typeof ReviewKycRequest>;

export const ReviewKycResponse = z.object({
  document: KycDocument,
  tutorKycStatus: z.string(),
  message: z.string(),
});
export type ReviewKycResponse = z.infer<typeof ReviewKycResponse>;

export const KycFileLink = z.object({ url: z.string(), expiresIn: z.number(), contentType: z.string(), fileName: z.string() });
/** The 410 `file_deleted` answer's details: when the document was reviewed and its file deleted. */
export const KycFileDeleted = z.object({ reviewedAt: z.string().optional(), fileDeletedAt: z.string().optional() });
export type KycFileDeleted = z.infer<typeof KycFileDeleted>;
export type KycFileLink = z.infer<typeof KycFileLink>;

export const KycDocumentParams = z.object({ documentId: RecordId('document') });
