/** Certificates and badges contract, shared by the API and the SPA. */
import * as z from 'zod';
import { userText } from '../shared/text.js';
import { BADGE_IDS, CERTIFICATE_STATUSES, certificateMessages, CODE_PATTERN } from './catalog.js';

/** A code from a link or a search box: case-insensitive, refused before any lookup when malformed. */
export const CertificateCode = z.string().trim().toUpperCase().regex(CODE_PATTERN, certificateMessages.badCode);
export const CertificateParams = z.object({ code: CertificateCode });

/** What anyone holding the code may see (the QR and the link printed on the certificate). */
export const PublicCertificate = z.object({
  code: z.string(),
  learnerName: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  tutorName: z.string(),
  issuedAt: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  revokedAt: z.string().optional(),
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

export const MyCertificatesResponse = z.object({ certificates: z.array(PublicCertificate) });
export type MyCertificatesResponse = z.infer<typeof MyCertificatesResponse>;

export const Badge = z.object({
  id: z.enum(BADGE_IDS),
  name: z.string(),
  description: z.string(),
  current: z.number(),
  target: z.number(),
  earned: z.boolean(),
});
export type Badge = z.infer<typeof Badge>;
export const MyBadgesResponse = z.object({ badges: z.array(Badge) });
export type MyBadgesResponse = z.infer<typeof MyBadgesResponse>;

export const AdminCertificate = PublicCertificate.extend({
  studentId: z.string(),
  revokedBy: z.string().optional(),
  revokeReason: z.string().optional(),
});
export type AdminCertificate = z.infer<typeof AdminCertificate>;

export const AdminCertificatesQuery = z.object({
  /** Look one certificate up by its code instead of listing. */
  code: CertificateCode.optional(),
  cursor: z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, 'This list has changed. Please search again.').optional(),
});
export type AdminCertificatesQuery = z.infer<typeof AdminCertificatesQuery>;

export const AdminCertificatesResponse = z.object({ certificates: z.array(AdminCertificate), nextCursor: z.string().optional() });
export type AdminCertificatesResponse = z.infer<typeof AdminCertificatesResponse>;

export const RevokeCertificateRequest = z.object({
  reason: userText().trim().min(3, certificateMessages.reasonRequired).max(500, 'At most 500 characters'),
});
export type RevokeCertificateRequest = z.infer<typeof RevokeCertificateRequest>;

export const RevokeCertificateResponse = z.object({ certificate: AdminCertificate });
export type RevokeCertificateResponse = z.infer<typeof RevokeCertificateResponse>;
