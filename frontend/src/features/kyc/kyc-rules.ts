/**
 * Tutor verification rules for the screens (verification status and onboarding steps,
 * KYC upload, KYC texts, document types). Pure, so they are unit-tested; the texts,
 * labels, limits and the status card are the API's own (functions/kyc/catalog, uploads/rules).
 */
import type { KycDocument } from '@functions/kyc/contract';
import {
  ACADEMIC_QUALIFICATION_TYPES, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, kycMessages, verificationStatus, type DocumentType,
} from '@functions/kyc/catalog';
import {
  ALLOWED_CONTENT_TYPES, checkDeclaredUpload, normalizeContentType, uploadMessages,
} from '@functions/uploads/catalog';
import { ApiError } from '../../shared/api';
import { activeLanguage } from '../../shared/i18n/language';
import { StorageUploadError } from '../../shared/presigned-upload';

const PURPOSE = 'kyc-document';

/** Accepted formats: PDF, JPG, JPEG, PNG (MIME types too, for pickers that only know those). */
export const KYC_ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', ...ALLOWED_CONTENT_TYPES[PURPOSE]].join(',');

export type QualificationType = (typeof ACADEMIC_QUALIFICATION_TYPES)[number];

export const isDocumentType = (value: string): value is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(value);
export const isQualificationType = (value: string): value is QualificationType =>
  (ACADEMIC_QUALIFICATION_TYPES as readonly string[]).includes(value);

const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png',
};

/**
 * The type to declare for a picked file: what the browser says, or — when it says nothing, as
 * some phone pickers do — the type its extension implies (the server reads the real type anyway).
 */
export function declaredContentType(file: { name: string; type: string }): string {
  if (file.type) return normalizeContentType(file.type);
  const extension = /\.([^.]+)$/.exec(file.name.trim())?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

export interface KycFormInput {
  documentType: string;
  qualificationType: string;
  file: { name: string; type: string; size: number } | null;
}

/**
 * The message for the first problem of the upload form, or null when it may be sent.
 * Order: a type and a file at all, then the qualification type, then the API's own file rules
 * (executable names, empty, size — worded as the form's "File too large" text —, type).
 */
export function kycFormProblem({ documentType, qualificationType, file }: KycFormInput): string | null {
  if (!isDocumentType(documentType) || !file) return kycMessages.chooseTypeAndFile;
  if (documentType === 'academic_qualification' && !isQualificationType(qualificationType)) {
    return kycMessages.qualificationTypeRequired;
  }
  return kycFileProblem(file);
}

/** The file rules alone (checked as soon as a file is picked). */
export function kycFileProblem(file: { name: string; type: string; size: number }): string | null {
  const problem = checkDeclaredUpload(PURPOSE, {
    fileName: file.name, contentType: declaredContentType(file) || 'unknown', size: file.size,
  });
  return problem === uploadMessages.tooLarge ? kycMessages.tooLarge : problem;
}

/** Toasts ("Title - text"). */
export const kycToasts = {
  uploaded: `Document Uploaded - ${kycMessages.uploaded}`,
  failed: (reason: string) => `Upload Failed - ${reason}`,
} as const;

/**
 * Why an upload failed, for "Upload Failed - …": the API's or the storage's specific reason
 * (a refused type, a file too large, an expired link, no network), else the spec's generic text.
 */
export function uploadFailureReason(error: unknown): string {
  if (error instanceof ApiError && (error.fromServer || error.status === 0)) return error.message;
  if (error instanceof StorageUploadError) return error.message;
  return kycMessages.uploadFailed;
}

type Docs = ReadonlyArray<Pick<KycDocument, 'status' | 'documentType'>>;

/** The identity documents; every other type is a teaching qualification. */
export const IDENTITY_DOCUMENT_TYPES: readonly DocumentType[] = ['id_card', 'passport', 'driving_license'];
const isIdentity = (d: Pick<KycDocument, 'documentType'>) => IDENTITY_DOCUMENT_TYPES.includes(d.documentType);

/**
 * Every required document is sent (under review or approved): an identity document and a
 * teaching qualification, as the documents step asks. An ID alone leaves the step to do.
 */
export function requiredDocumentsSent(documents: Docs): boolean {
  const sent = documents.filter((d) => d.status !== 'rejected');
  return sent.some(isIdentity) && sent.some((d) => !isIdentity(d));
}

export type EffectiveKycStatus = 'approved' | 'pending' | 'rejected' | 'not-started';

/**
 * Where the tutor really stands. The profile says approved once every document is; otherwise it
 * stays "pending" even when nothing was sent or all that was sent was turned down, so the
 * documents decide: some under review → pending; none left under review but some rejected →
 * rejected (the tutor must send another); none at all → not started.
 */
export function effectiveKycStatus(kycStatus: string | undefined, documents: Docs): EffectiveKycStatus {
  if (kycStatus === 'approved') return 'approved';
  if (kycStatus === 'rejected') return 'rejected';
  if (documents.some((d) => d.status === 'pending')) return 'pending';
  if (documents.some((d) => d.status === 'rejected')) return 'rejected';
  return documents.length > 0 ? 'pending' : 'not-started';
}

/** The status card: progress, label and note (from the catalog's verificationStatus). */
export function verificationCard(kycStatus: string | undefined, documents: Docs): {
  progress: number; label: string; note?: string; status: EffectiveKycStatus | 'incomplete';
} {
  const effective = effectiveKycStatus(kycStatus, documents);
  // Under review only once everything required is in; before that the step is still the tutor's.
  if (effective === 'pending' && !requiredDocumentsSent(documents)) return { progress: 40, label: 'Documents Still Needed', status: 'incomplete' };
  return { ...verificationStatus(effective, documents.length > 0), status: effective };
}

/** Under review: every required document sent, nothing left for the tutor to do but wait. */
export const underReview = (kycStatus: string | undefined, documents: Docs): boolean =>
  effectiveKycStatus(kycStatus, documents) === 'pending' && requiredDocumentsSent(documents);

export interface OnboardingStep {
  id: 'account' | 'documents' | 'review' | 'teaching';
  label: string;
  description: string;
  done: boolean;
}

/** Onboarding steps: account (always), documents (pending with documents, or approved), review and teaching (approved). */
export function onboardingSteps(kycStatus: string | undefined, documents: Docs): OnboardingStep[] {
  const status = effectiveKycStatus(kycStatus, documents);
  const approved = status === 'approved';
  return [
    { id: 'account', label: 'Account created', description: 'Your tutor account is ready.', done: true },
    {
      id: 'documents', label: 'Submit documents',
      description: status === 'rejected'
        ? 'A document was turned down: upload a new one.'
        : 'An identity document and your teaching qualifications.',
      done: approved || (status === 'pending' && requiredDocumentsSent(documents)),
    },
    { id: 'review', label: 'Verification review', description: 'Our team checks your documents (about 1-2 business days).', done: approved },
    { id: 'teaching', label: 'Start teaching', description: 'Take bookings and receive payments.', done: approved },
  ];
}

/** The status card's button: none once approved; "View Submission" while under review. */
export function verificationAction(kycStatus: string | undefined, documents: Docs): 'Start Verification' | 'View Submission' | null {
  const status = effectiveKycStatus(kycStatus, documents);
  if (status === 'approved') return null;
  return underReview(kycStatus, documents) ? 'View Submission' : 'Start Verification';
}

/** Display of a document's status: approved, rejected, or otherwise pending. */
export function documentStatusBadge(status: string): { label: 'Approved' | 'Rejected' | 'Pending'; tone: 'ok' | 'bad' | 'wait' } {
  if (status === 'approved') return { label: 'Approved', tone: 'ok' };
  if (status === 'rejected') return { label: 'Rejected', tone: 'bad' };
  return { label: 'Pending', tone: 'wait' };
}

/** Day-first short dates as the rest of the SPA shows them (shared/when.ts): en-GB, sw-KE. */
const DAY_FORMATS = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
  sw: new Intl.DateTimeFormat('sw-KE', { day: 'numeric', month: 'short', year: 'numeric' }),
} as const;

/** "16 Nov 2026" in the viewer's zone and the active language; '' for a bad date. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY_FORMATS[activeLanguage()].format(date);
}

export { ACADEMIC_QUALIFICATION_TYPES, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, kycMessages };
export type { DocumentType };
