/**
 * Certificate items in the single table (docs/data-model.md "Certificates"):
 *   certificate  pk CERT#{code}                        sk CERT        gsi1 STUDENTCERTS#{studentId} / {issuedAt}#{code}
 *                                                                     gsi2 CERTS / {issuedAt}#{code}   (super admin list)
 *   once marker  pk CERTFOR#{studentId}#{courseId}     sk CERTFOR     code: one certificate per student and course
 *   audit        pk CERT#{code}                        sk AUDIT#{at}  a super admin revoked it: by, reason
 * Pure: keys, item builders and read schemas.
 */
import * as z from 'zod';
import { CERTIFICATE_STATUSES } from './catalog.js';

export const certificateKey = (code: string) => ({ pk: `CERT#${code}`, sk: 'CERT' });
export const certificateForKey = (studentId: string, courseId: string) => ({ pk: `CERTFOR#${studentId}#${courseId}`, sk: 'CERTFOR' });
export const certificateAuditKey = (code: string, at: string) => ({ pk: `CERT#${code}`, sk: `AUDIT#${at}` });
export const studentCertificatesPartition = (studentId: string) => `STUDENTCERTS#${studentId}`;
export const ALL_CERTIFICATES_PARTITION = 'CERTS';

export const StoredCertificate = z.object({
  code: z.string(),
  /** The learner's id for a parent's child (with parentId), else the student's user id. */
  studentId: z.string(),
  /** The household of a learner's certificate: the parent is its contact. */
  parentId: z.string().optional(),
  courseId: z.string(),
  tutorId: z.string(),
  /** Names and title as they were when it was issued: a certificate does not change later. */
  learnerName: z.string(),
  courseTitle: z.string(),
  tutorName: z.string(),
  issuedAt: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** When CertificateIssued was published (absent: still owed; a redelivery publishes it). */
  announcedAt: z.string().optional(),
  revokedAt: z.string().optional(),
  revokedBy: z.string().optional(),
  revokeReason: z.string().optional(),
});
export type StoredCertificate = z.infer<typeof StoredCertificate>;

export const CertificateFor = z.object({ code: z.string() });

export function certificateItem(cert: StoredCertificate): Record<string, unknown> {
  return {
    ...certificateKey(cert.code), entity: 'Certificate', ...cert,
    gsi1pk: studentCertificatesPartition(cert.studentId), gsi1sk: `${cert.issuedAt}#${cert.code}`,
    gsi2pk: ALL_CERTIFICATES_PARTITION, gsi2sk: `${cert.issuedAt}#${cert.code}`,
  };
}

export const certificateForItem = (cert: StoredCertificate) => ({
  ...certificateForKey(cert.studentId, cert.courseId), entity: 'CertificateFor', code: cert.code, issuedAt: cert.issuedAt,
});

/** The admin list's page key (gsi2). */
export const AdminListKey = z.object({
  pk: z.string().min(1), sk: z.string().min(1), gsi2pk: z.literal(ALL_CERTIFICATES_PARTITION), gsi2sk: z.string().min(1),
});
export type AdminListKey = z.infer<typeof AdminListKey>;
