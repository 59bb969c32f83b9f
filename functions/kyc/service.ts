/**
 * Tutor verification. Files go browser → private staging (presigned POST) → checked here →
 * private kyc/{tutorId}/… ; nobody reads them except through 3600 s signed links issued to the
 * owning tutor and to super admins. A tutor becomes verified when a review approves their last
 * pending document (rejected ones don't count: the tutor sends a new one instead).
 */
import { createHash } from 'node:crypto';
import { approveTutorKyc, getProfile, getProfiles } from '../profiles/service.js';
import { Conflict, Forbidden, Gone, NotFound, ValidationFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { reindexTutorListing } from '../tutors/listing-service.js';
import type { CreateUploadRequest, UploadTicket } from '../uploads/contract.js';
import { checkDeclaredUpload, checkStoredUpload, RETENTION_TAG } from '../uploads/rules.js';
import {
  copyCheckedUpload, createUploadTicket, deleteObject, inspectUpload, isPreconditionFailed, keyName, objectExists, retainFromNow,
  signedDownloadUrl, stagingPrefix,
} from '../uploads/storage.js';
import { KYC_LINK_SECONDS, kycMessages } from './catalog.js';
import {
  RegisterKycDocumentRequest, type KycDocument, type PendingKycDocument, type ReviewKycRequest, type ReviewKycResponse,
} from './contract.js';
import type { StoredKycDocument } from './keys.js';
import { isKycFileDeleted, kycFileDeletedAt } from './retention.js';
import {
  AlreadyReviewed, createKycDocument, DocumentExists, getKycDocument, listPendingKycDocuments, listTutorKycDocuments, recordReview,
} from './repository.js';

const PURPOSE = 'kyc-document';

/** The document with a signed link to its file, or, past its retention, with when the file was deleted instead. */
async function withLink(doc: StoredKycDocument, now = new Date()): Promise<KycDocument> {
  const { storageKey, tutorFirstName: _f, tutorLastName: _l, reviewerId: _r, ...rest } = doc;
  if (isKycFileDeleted(doc, now)) return { ...rest, fileDeletedAt: kycFileDeletedAt(doc)! };
  return { ...rest, fileUrl: await signedDownloadUrl(storageKey, KYC_LINK_SECONDS, doc.fileName) };
}

export async function requestKycUpload(user: AuthUser, input: CreateUploadRequest): Promise<UploadTicket> {
  const problem = checkDeclaredUpload(PURPOSE, input);
  if (problem) throw new ValidationFailed(problem);
  return createUploadTicket({ purpose: PURPOSE, userId: user.id, ...input });
}

/**
 * One document per upload: its id comes from the staging key (which the ticket made unique), so
 * a retried or simultaneous registration of the same file finds the same document.
 */
export const documentIdForUpload = (stagingKey: string) => {
  const h = createHash('sha256').update(`kyc-upload:${stagingKey}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/**
 * Registers an uploaded file as a pending document. Idempotent per upload: a repeat (a retry, a
 * double click, two tabs at once) answers with the same document and `created: false`. The
 * staging file is deleted only after the document is written, so a concurrent repeat either
 * still finds the file or already finds the document.
 */
export async function registerKycDocument(
  user: AuthUser, input: RegisterKycDocumentRequest, now = new Date(),
): Promise<{ document: KycDocument; created: boolean }> {
  const request = RegisterKycDocumentRequest.parse(input);
  const prefix = stagingPrefix(PURPOSE, user.id);
  // Only one's own uploads can be registered: another tutor's key is refused outright.
  if (!request.key.startsWith(prefix) || request.key.slice(prefix.length).includes('/')) {
    throw new Forbidden('You can only submit a document you uploaded yourself');
  }
  const id = documentIdForUpload(request.key);
  const registered = async () => {
    const doc = await getKycDocument(id);
    return doc && doc.tutorId === user.id ? { document: await withLink(doc), created: false } : null;
  };
  const earlier = await registered();
  if (earlier) return earlier;
  const profile = await getProfile(user.id);
  if (!profile) throw new NotFound('Profile not found');

  const object = await inspectUpload(request.key);
  if (!object) {
    const meanwhile = await registered();
    if (meanwhile) return meanwhile;
    throw new NotFound('Uploaded file not found. Please upload the document again.');
  }
  const verdict = checkStoredUpload(PURPOSE, { size: object.size, declaredType: object.storedType, sniffedType: object.sniffedType });
  if (!verdict.ok) {
    countBusinessEvent(BusinessMetric.uploadRefused);
    logger.info('Rejected KYC upload', { userId: user.id, size: object.size, storedType: object.storedType, sniffedType: object.sniffedType });
    await deleteObject(request.key);
    throw new ValidationFailed(verdict.message);
  }
  const name = keyName(request.key);
  const storageKey = `kyc/${user.id}/${name}`;
  try {
    await copyCheckedUpload(request.key, storageKey, { contentType: verdict.contentType, cacheControl: 'private, no-store', etag: object.etag });
  } catch (error) {
    // A concurrent registration finished first and removed the staging file.
    const meanwhile = await registered();
    if (meanwhile) return meanwhile;
    if (isPreconditionFailed(error)) throw new ValidationFailed('The uploaded file changed while it was being checked. Please try again.');
    throw error;
  }
  const doc: StoredKycDocument = {
    id,
    tutorId: user.id,
    documentType: request.documentType,
    ...(request.documentType === 'academic_qualification' && request.academicQualificationType
      ? { academicQualificationType: request.academicQualificationType } : {}),
    fileName: name.replace(/^\d+_/, ''),
    contentType: verdict.contentType,
    size: object.size,
    status: 'pending',
    submittedAt: now.toISOString(),
    storageKey,
    tutorFirstName: profile.firstName,
    tutorLastName: profile.lastName,
  };
  try {
    await createKycDocument(doc);
  } catch (error) {
    if (!(error instanceof DocumentExists)) throw error;
    const meanwhile = await registered();
    if (meanwhile) return meanwhile;
    throw error;
  }
  await deleteObject(request.key);
  return { document: await withLink(doc), created: true };
}

export async function myKycDocuments(user: AuthUser): Promise<{ documents: KycDocument[]; kycStatus?: string }> {
  const [docs, profile] = await Promise.all([listTutorKycDocuments(user.id), getProfile(user.id)]);
  return { documents: await Promise.all(docs.map((d) => withLink(d))), ...(profile?.kycStatus ? { kycStatus: profile.kycStatus } : {}) };
}

/** The review queue: each document with its tutor's name and e-mail (the page's tutors in one BatchGet). */
export async function pendingKycDocuments(limit = 50): Promise<PendingKycDocument[]> {
  const docs = await listPendingKycDocuments(limit);
  const emails = new Map((await getProfiles([...new Set(docs.map((d) => d.tutorId))])).map((p) => [p.id, p.email]));
  return Promise.all(docs.map(async (d) => {
    const email = emails.get(d.tutorId);
    return {
      ...(await withLink(d)),
      tutor: { id: d.tutorId, firstName: d.tutorFirstName, lastName: d.tutorLastName, ...(email ? { email } : {}) },
    };
  }));
}

export async function reviewKycDocument(admin: AuthUser, documentId: string, input: ReviewKycRequest, now = new Date()): Promise<ReviewKycResponse> {
  const doc = await getKycDocument(documentId);
  if (!doc) throw new NotFound(kycMessages.notFound);
  const decision = input.decision === 'approve' ? 'approved' : 'rejected';
  const notes = input.notes?.trim() || undefined;
  if (doc.status !== 'pending') throw new Conflict('already_reviewed', kycMessages.alreadyReviewed);
  // The identity document is deleted a set time after its review (the retention tag's lifecycle
  // rule); the decision, its notes and the audit record stay. Tagged before the review is
  // recorded: a failure in between leaves a pending document whose retry tags it again.
  await retainFromNow(doc.storageKey, RETENTION_TAG.reviewedKyc, now);
  try {
    await recordReview(doc, decision, notes, admin.id, now.toISOString());
  } catch (error) {
    if (error instanceof AlreadyReviewed) throw new Conflict('already_reviewed', kycMessages.alreadyReviewed);
    throw error;
  }
  let tutorKycStatus = (await getProfile(doc.tutorId))?.kycStatus ?? 'pending';
  if (decision === 'approved') {
    const docs = await listTutorKycDocuments(doc.tutorId);
    if (!docs.some((d) => d.status === 'pending') && await approveTutorKyc(doc.tutorId)) {
      tutorKycStatus = 'approved';
      // Verified tutors are bookable and carry the badge in browse.
      await reindexTutorListing(doc.tutorId);
      // Stamped after the writes: the tutor's page renders in turn from it (functions/tutors/page-events.ts).
      await publishEvent('KycApproved', { tutorId: doc.tutorId, reviewerId: admin.id, occurredAt: new Date().toISOString() });
    }
  }
  const reviewed: StoredKycDocument = { ...doc, status: decision, reviewedAt: now.toISOString(), ...(notes ? { notes } : {}) };
  return {
    document: await withLink(reviewed),
    tutorKycStatus,
    message: decision === 'approved' ? kycMessages.approved : kycMessages.rejected,
  };
}

/**
 * A signed link to the document's file; 410 file_deleted (with when, in `details`) once its
 * retention is over or the file is no longer stored, never a link that opens S3's 404.
 */
export async function kycDocumentFile(documentId: string, now = new Date()): Promise<{ url: string; expiresIn: number; contentType: string; fileName: string }> {
  const doc = await getKycDocument(documentId);
  if (!doc) throw new NotFound(kycMessages.notFound);
  if (isKycFileDeleted(doc, now) || !(await objectExists(doc.storageKey))) {
    const deletedAt = kycFileDeletedAt(doc);
    throw new Gone('file_deleted', kycMessages.fileDeleted, {
      ...(doc.reviewedAt ? { reviewedAt: doc.reviewedAt } : {}),
      // Deleted before its retention ran out (by hand, or lost): it is gone as of now.
      fileDeletedAt: deletedAt && Date.parse(deletedAt) <= now.getTime() ? deletedAt : now.toISOString(),
    });
  }
  return {
    url: await signedDownloadUrl(doc.storageKey, KYC_LINK_SECONDS, doc.fileName),
    expiresIn: KYC_LINK_SECONDS, contentType: doc.contentType, fileName: doc.fileName,
  };
}
