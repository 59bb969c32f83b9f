import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@functions/uploads/catalog';
import { ApiError } from '../../shared/api';
import { StorageUploadError } from '../../shared/presigned-upload';
import {
  declaredContentType, documentStatusBadge, effectiveKycStatus, KYC_ACCEPT, kycFileProblem,
  kycFormProblem, kycToasts, onboardingSteps, requiredDocumentsSent, underReview, uploadFailureReason, verificationAction, verificationCard,
} from './kyc-rules';

const png = { name: 'id.png', type: 'image/png', size: 2048 };
const pending = { status: 'pending' as const, documentType: 'degree' as const };
const approved = { status: 'approved' as const, documentType: 'degree' as const };
const rejected = { status: 'rejected' as const, documentType: 'degree' as const };
const idPending = { status: 'pending' as const, documentType: 'id_card' as const };

describe('KYC upload form checks', () => {
  it('asks for a type and a file first, then the qualification type, then checks the file', () => {
    const tooBig = { name: 'degree.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 };
    expect(kycFormProblem({ documentType: '', qualificationType: '', file: null })).toBe('Please select a document type and file to upload.');
    expect(kycFormProblem({ documentType: 'id_card', qualificationType: '', file: null })).toBe('Please select a document type and file to upload.');
    expect(kycFormProblem({ documentType: '', qualificationType: '', file: png })).toBe('Please select a document type and file to upload.');
    expect(kycFormProblem({ documentType: 'selfie', qualificationType: '', file: png })).toBe('Please select a document type and file to upload.');
    // The qualification type comes before the file's own problems.
    expect(kycFormProblem({ documentType: 'academic_qualification', qualificationType: '', file: tooBig }))
      .toBe('Please specify the type of academic qualification.');
    expect(kycFormProblem({ documentType: 'academic_qualification', qualificationType: 'PhD', file: png }))
      .toBe('Please specify the type of academic qualification.');
    expect(kycFormProblem({ documentType: 'academic_qualification', qualificationType: "Master's Degree", file: tooBig }))
      .toBe('File too large: Please select a file smaller than 10MB.');
    expect(kycFormProblem({ documentType: 'academic_qualification', qualificationType: "Master's Degree", file: png })).toBeNull();
    // Other types never need a qualification type.
    expect(kycFormProblem({ documentType: 'degree', qualificationType: '', file: { ...png, name: 'd.pdf', type: 'application/pdf' } })).toBeNull();
  });

  it('uses the API\'s own file rules: formats, executables, empty files, exactly 10 MB allowed', () => {
    expect(kycFileProblem({ ...png, size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(kycFileProblem({ ...png, size: MAX_UPLOAD_BYTES + 1 })).toBe('File too large: Please select a file smaller than 10MB.');
    expect(kycFileProblem({ name: 'cv.docx', type: 'application/msword', size: 10 })).toBe('That file type can\'t be used here. Choose a PDF, JPG or PNG file.');
    expect(kycFileProblem({ name: 'me.webp', type: 'image/webp', size: 10 })).toBe('That file type can\'t be used here. Choose a PDF, JPG or PNG file.');
    expect(kycFileProblem({ name: 'id.exe.png', type: 'image/png', size: 10 })).toBe('File type not allowed for security reasons');
    expect(kycFileProblem({ ...png, size: 0 })).toBe('The file is empty');
    expect(KYC_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.pdf', '.jpg', '.jpeg', '.png', 'application/pdf', 'image/png', 'image/jpeg']));
  });

  it('declares a type from the extension when the picker gives none', () => {
    expect(declaredContentType({ name: 'scan.PDF', type: '' })).toBe('application/pdf');
    expect(declaredContentType({ name: 'id.jpg', type: '' })).toBe('image/jpeg');
    expect(declaredContentType({ name: 'id.jpeg', type: '' })).toBe('image/jpeg');
    expect(declaredContentType({ name: 'id', type: '' })).toBe('');
    expect(declaredContentType({ name: 'id.png', type: 'image/PNG' })).toBe('image/png');
    expect(kycFileProblem({ name: 'scan.pdf', type: '', size: 10 })).toBeNull();
    expect(kycFileProblem({ name: 'scan', type: '', size: 10 })).toBe('That file type can\'t be used here. Choose a PDF, JPG or PNG file.');
  });

  it('words the toasts as the spec does, with the API\'s or the storage\'s specific reason when there is one', () => {
    expect(kycToasts.uploaded).toBe('Document Uploaded - Your KYC document has been submitted for review');
    expect(kycToasts.failed(uploadFailureReason(new Error('boom')))).toBe('Upload Failed - Failed to upload document. Please try again.');
    expect(uploadFailureReason(new ApiError(500, 'http_error', 'Request failed (HTTP 500)'))).toBe('Failed to upload document. Please try again.');
    expect(uploadFailureReason(new ApiError(400, 'validation_failed', 'File type not allowed for security reasons', true)))
      .toBe('File type not allowed for security reasons');
    expect(uploadFailureReason(new ApiError(0, 'network_error', 'Network error. Please check your connection and try again.')))
      .toMatch(/^Network error/);
    expect(uploadFailureReason(new StorageUploadError('File size must be less than 10MB'))).toBe('File size must be less than 10MB');
  });
});

describe('verification status and onboarding steps', () => {
  it('the status card follows the profile and the documents', () => {
    expect(verificationCard('approved', [approved])).toMatchObject({ progress: 100, label: 'Verification Complete', status: 'approved' });
    expect(verificationCard('pending', [idPending, pending])).toMatchObject({
      progress: 60, label: 'Verification Pending', note: 'Review usually takes about 1-2 business days.',
    });
    expect(verificationCard('rejected', [rejected])).toMatchObject({ progress: 20, label: 'Verification Required' });
    expect(verificationCard('pending', [])).toMatchObject({ progress: 0, label: 'Get Started', status: 'not-started' });
    expect(verificationCard(undefined, [])).toMatchObject({ progress: 0, label: 'Get Started' });
    // Nothing left under review and something turned down: the tutor has to act.
    expect(verificationCard('pending', [rejected, approved])).toMatchObject({ progress: 20, label: 'Verification Required' });
    // One still under review keeps it pending, whatever else was turned down.
    expect(verificationCard('pending', [idPending, pending, rejected])).toMatchObject({ progress: 60 });
  });

  it('counts the documents step done only once every required document is sent, not after the ID alone', () => {
    expect(verificationCard('pending', [idPending])).toMatchObject({ progress: 40, status: 'incomplete' });
    expect(onboardingSteps('pending', [idPending])[1]!.done).toBe(false);
    expect(onboardingSteps('pending', [pending])[1]!.done).toBe(false);
    expect(onboardingSteps('pending', [idPending, { ...rejected, documentType: 'certificate' }])[1]!.done).toBe(false);
    expect(onboardingSteps('pending', [idPending, { ...pending, documentType: 'academic_qualification' }])[1]!.done).toBe(true);
    expect(underReview('pending', [idPending])).toBe(false);
    expect(underReview('pending', [idPending, pending])).toBe(true);
    expect(underReview('approved', [idPending, pending])).toBe(false);
    expect(requiredDocumentsSent([{ status: 'approved', documentType: 'passport' }, pending])).toBe(true);
  });

  it('marks the steps done as the spec says', () => {
    const done = (kycStatus: string | undefined, docs: Array<{ status: 'pending' | 'approved' | 'rejected'; documentType: 'id_card' | 'degree' }>) =>
      onboardingSteps(kycStatus, docs).map((s) => `${s.label}:${s.done ? 'done' : 'todo'}`);
    expect(done('pending', [])).toEqual(['Account created:done', 'Submit documents:todo', 'Verification review:todo', 'Start teaching:todo']);
    expect(done('pending', [idPending, pending])).toEqual(['Account created:done', 'Submit documents:done', 'Verification review:todo', 'Start teaching:todo']);
    expect(done('pending', [rejected])).toEqual(['Account created:done', 'Submit documents:todo', 'Verification review:todo', 'Start teaching:todo']);
    expect(done('approved', [approved])).toEqual(['Account created:done', 'Submit documents:done', 'Verification review:done', 'Start teaching:done']);
    // Seeded tutors are approved without documents.
    expect(done('approved', [])).toEqual(['Account created:done', 'Submit documents:done', 'Verification review:done', 'Start teaching:done']);
    expect(onboardingSteps('pending', [rejected])[1]!.description).toMatch(/upload a new one/);
  });

  it('offers Start Verification or View Submission unless approved', () => {
    expect(verificationAction('pending', [])).toBe('Start Verification');
    expect(verificationAction('pending', [rejected])).toBe('Start Verification');
    expect(verificationAction('pending', [idPending, pending])).toBe('View Submission');
    expect(verificationAction('pending', [idPending])).toBe('Start Verification');
    expect(verificationAction('approved', [approved])).toBeNull();
    expect(effectiveKycStatus('pending', [approved])).toBe('pending');
  });

  it('shows document statuses', () => {
    expect(documentStatusBadge('approved').label).toBe('Approved');
    expect(documentStatusBadge('rejected').label).toBe('Rejected');
    expect(documentStatusBadge('pending').label).toBe('Pending');
    expect(documentStatusBadge('whatever').label).toBe('Pending');
  });
});

describe('profile badge and KYC card agree', () => {
  // The tutor dashboard's badge is its catalog's profile.verification.<effectiveKycStatus> (ProfileTab).
  it('a new tutor (default status pending, nothing sent) is "not started" beside "Get Started"', () => {
    expect(verificationCard('pending', []).label).toBe('Get Started');
    expect(verificationCard('pending', []).status).toBe('not-started');
    expect(effectiveKycStatus('pending', [])).toBe('not-started');
  });

  it('follows the card through review', () => {
    expect(effectiveKycStatus('pending', [idPending, pending])).toBe(verificationCard('pending', [idPending, pending]).status);
    expect(effectiveKycStatus('pending', [rejected])).toBe('rejected');
    expect(effectiveKycStatus('approved', [])).toBe('approved');
  });
});
