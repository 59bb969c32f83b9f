/** KYC document kinds and verification states. zod-free: light pages import it. */

export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_license', 'academic_qualification', 'certificate', 'degree'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  id_card: 'National ID Card',
  passport: 'Passport',
  driving_license: 'Driving License',
  academic_qualification: 'Academic Qualification',
  certificate: 'Teaching Certificate',
  degree: 'Degree',
};

export const ACADEMIC_QUALIFICATION_TYPES = [
  'High School Diploma', "Associate Degree", "Bachelor's Degree", "Master's Degree", 'Doctorate (PhD)',
  'Professional Certificate', 'Teaching License', 'Other',
] as const;

export const KYC_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

/** The tutor's verification status card. */
export function verificationStatus(kycStatus: string | undefined, hasDocuments: boolean): { progress: number; label: string; note?: string } {
  if (kycStatus === 'approved') return { progress: 100, label: 'Verification Complete' };
  if (kycStatus === 'rejected') return { progress: 20, label: 'Verification Required' };
  // A tutor who has not sent anything yet has not started, whatever the default status says.
  if (kycStatus === 'pending' && hasDocuments) {
    return { progress: 60, label: 'Verification Pending', note: 'Review usually takes about 1-2 business days.' };
  }
  return { progress: 0, label: 'Get Started' };
}

/**
 * A rejection needs a reason: the tutor sees the notes of a rejected document and has nothing to
 * fix without them. The API and both admin review dialogs use this one rule.
 */
export const reviewNotesProblem = (decision: 'approve' | 'reject', notes: string | undefined): string | null =>
  decision === 'reject' && !notes?.trim() ? kycMessages.rejectionNeedsReason : null;

/** Signed links to KYC files live this long. */
export const KYC_LINK_SECONDS = 3600;

export const kycMessages = {
  uploaded: 'Your KYC document has been submitted for review',
  uploadFailed: 'Failed to upload document. Please try again.',
  chooseTypeAndFile: 'Please select a document type and file to upload.',
  qualificationTypeRequired: 'Please specify the type of academic qualification.',
  tooLarge: 'File too large: Please select a file smaller than 10MB.',
  reviewed: 'KYC document reviewed successfully',
  approved: 'KYC document approved successfully!',
  rejected: 'KYC document rejected successfully!',
  approveFailed: 'Failed to approve KYC document',
  rejectFailed: 'Failed to reject KYC document',
  nonePending: 'No pending KYC documents found.',
  alreadyReviewed: 'This document has already been reviewed.',
  notFound: 'Document not found',
  rejectionNeedsReason: 'Please give the reason for rejecting, so the tutor knows what to fix.',
  fileDeleted: 'This document\'s file was deleted after its review: identity documents are kept only for a set time. The decision is kept.',
} as const;
