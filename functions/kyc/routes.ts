/**
 * Routes: tutors' identity and qualification documents, and their review by super admins.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { CreateUploadRequest, MAX_UPLOAD_MB, UploadTicket } from '../uploads/contract.js';
import { KYC_LINK_SECONDS } from './catalog.js';
import {
  KycDocumentParams, KycFileLink, MyKycDocuments, PendingKycList, PendingKycQuery, RegisterKycDocumentRequest,
  RegisterKycDocumentResponse, ReviewKycRequest, ReviewKycResponse,
} from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const kycRoutes = {
  createKycUpload: {
    method: 'POST', path: '/api/kyc/uploads', handler: 'kyc/handlers/create-kyc-upload', access: ['tutor'],
    grants: ['uploads:write'],
    summary: `A presigned POST (PDF, JPEG or PNG, at most ${MAX_UPLOAD_MB} MB) into the tutor's private staging area.`,
    body: CreateUploadRequest, responses: { 201: UploadTicket },
  },
  registerKycDocument: {
    method: 'POST', path: '/api/kyc/documents', handler: 'kyc/handlers/register-kyc-document', access: ['tutor'],
    grants: ['uploads:read', 'uploads:write', 'uploads:delete', 'table:read', 'table:write'],
    summary: 'Checks the uploaded file (owner, size, real type), stores it privately and records the document (pending). Idempotent per upload: a repeat answers 200 with the same document.',
    body: RegisterKycDocumentRequest, responses: { 200: RegisterKycDocumentResponse, 201: RegisterKycDocumentResponse }, errors: [403, 404],
  },
  listMyKycDocuments: {
    method: 'GET', path: '/api/kyc/documents', handler: 'kyc/handlers/list-my-kyc-documents', access: ['tutor'],
    grants: ['table:read', 'uploads:read'],
    summary: `The tutor's own documents, newest first, with ${KYC_LINK_SECONDS} s signed links and review notes; a file deleted after its retention has fileDeletedAt instead of a link.`,
    responses: { 200: MyKycDocuments },
  },
  listPendingKyc: {
    method: 'GET', path: '/api/admin/kyc/pending', handler: 'kyc/handlers/list-pending-kyc', access: ['super_admin'],
    grants: ['table:read', 'uploads:read'],
    summary: 'Documents awaiting review, newest first, with tutor names and signed links (no Scan).',
    query: PendingKycQuery, responses: { 200: PendingKycList },
  },
  reviewKycDocument: {
    method: 'POST', path: '/api/admin/kyc/documents/{documentId}/review', handler: 'kyc/handlers/review-kyc-document',
    access: ['super_admin'], grants: ['table:read', 'table:write', 'uploads:read', 'uploads:retain-kyc', 'events:publish'],
    summary: 'Approve, or reject with notes (required: the tutor reads them); audited. Approving the last pending document verifies the tutor (KycApproved). The file is deleted 90 days after the review (configurable); the decision is kept.',
    params: KycDocumentParams, body: ReviewKycRequest, responses: { 200: ReviewKycResponse }, errors: [404, 409],
  },
  getKycDocumentFile: {
    method: 'GET', path: '/api/admin/kyc/documents/{documentId}/file', handler: 'kyc/handlers/get-kyc-document-file',
    access: ['super_admin'], grants: ['table:read', 'uploads:read'],
    summary: `A signed GET link to the document (valid ${KYC_LINK_SECONDS} s); 410 file_deleted (details.reviewedAt, details.fileDeletedAt) once the file was deleted after its review (90 days by default), never a link to a missing file.`,
    params: KycDocumentParams, responses: { 200: KycFileLink }, errors: [404, 410],
  },
} as const satisfies Record<string, RouteDef>;
