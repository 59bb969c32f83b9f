/**
 * Certificates: completing every lesson of a certification program issues one
 * certificate per student and course (CourseCompleted → consumers/issue-certificate.ts), with an
 * unguessable code anyone can verify; a super admin can revoke one (audited). Badges are read
 * from stored totals of progress, courses and certificates (bounded reads, nothing counted by scanning).
 */
import type { CourseCompleted } from '../../events/index.js';
import { courseCompletion, courseLessonsDone } from '../courses/service.js';
import { learnerFullName, ownerOf } from '../households/learner-owner.js';
import { getProfile } from '../profiles/service.js';
import { badgeFacts } from '../progress/service.js';
import { Conflict, NotFound, ValidationFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { ADMIN_CERTIFICATES_PAGE, BADGES, certificateMessages } from './catalog.js';
import type {
  AdminCertificate, AdminCertificatesQuery, AdminCertificatesResponse, Badge, MyBadgesResponse, MyCertificatesResponse,
  PublicCertificate,
} from './contract.js';
import { AdminListKey, type StoredCertificate } from './keys.js';
import {
  CodeTaken, getCertificate, listAllCertificates, listStudentCertificates, putCertificateOnce, revokeCertificateRecord,
  setAnnounced,
} from './repository.js';
import { badgesFrom, eligibleForCertificate, newCertificateCode } from './rules.js';

const CODE_ATTEMPTS = 3;

export const toPublic = (c: StoredCertificate): PublicCertificate => ({
  code: c.code, learnerName: c.learnerName, courseId: c.courseId, courseTitle: c.courseTitle, tutorName: c.tutorName,
  issuedAt: c.issuedAt, status: c.status, ...(c.revokedAt ? { revokedAt: c.revokedAt } : {}),
});

const toAdmin = (c: StoredCertificate): AdminCertificate => ({
  ...toPublic(c), studentId: c.studentId,
  ...(c.revokedBy ? { revokedBy: c.revokedBy } : {}), ...(c.revokeReason ? { revokeReason: c.revokeReason } : {}),
});

/**
 * CourseCompleted → the certificate, once per student and course, then CertificateIssued once
 * (a redelivery after a failed publish publishes it; the e-mail consumer sends once). Returns
 * the code, or null when the student is not (or no longer) eligible.
 */
export async function issueForCompletion(event: CourseCompleted, now = new Date()): Promise<string | null> {
  const completion = await courseCompletion(event.courseId, event.studentId);
  if (!eligibleForCertificate(completion)) {
    // A finished course that is not a certification program is the ordinary case, not a warning.
    if (completion?.complete) logger.info('Course completed; not a certification program: no certificate', { courseId: event.courseId });
    else logger.warn('CourseCompleted without a completed enrolment: no certificate', { courseId: event.courseId, studentId: event.studentId });
    return null;
  }
  const learnerName = await nameOnCertificate(event);
  const { course } = completion;
  let code: string | null = null;
  for (let attempt = 0; attempt < CODE_ATTEMPTS && !code; attempt++) {
    const cert: StoredCertificate = {
      code: newCertificateCode(), studentId: event.studentId, ...(event.parentId ? { parentId: event.parentId } : {}),
      courseId: course.id, tutorId: course.tutor.id, learnerName, courseTitle: course.title,
      tutorName: `${course.tutor.firstName} ${course.tutor.lastName}`.trim(), issuedAt: now.toISOString(), status: 'valid',
    };
    try {
      const put = await putCertificateOnce(cert);
      code = put.created ? cert.code : put.existing;
      if (put.created) countBusinessEvent(BusinessMetric.certificateIssued);
    } catch (error) {
      if (!(error instanceof CodeTaken)) throw error;
    }
  }
  if (!code) throw new Error('Could not find a free certificate code');
  const stored = await getCertificate(code);
  if (stored && !stored.announcedAt) {
    await publishEvent('CertificateIssued', {
      code, courseId: stored.courseId, studentId: stored.studentId, issuedAt: stored.issuedAt,
      ...(stored.parentId ? { parentId: stored.parentId } : {}),
    });
    await setAnnounced(code, now.toISOString());
  }
  return code;
}

/** The learner's first and last name: a parent's child from the household, a student from their profile. */
async function nameOnCertificate(event: CourseCompleted): Promise<string> {
  if (event.parentId) {
    const name = await learnerFullName(event.parentId, event.studentId);
    if (!name) throw new Error(`Certificate: learner ${event.studentId} is not in household ${event.parentId}`);
    return name;
  }
  const student = await getProfile(event.studentId);
  if (!student) throw new Error(`Certificate: student ${event.studentId} has no profile`);
  return `${student.firstName} ${student.lastName}`.trim();
}

/** Public verification: valid or revoked, or 404 for a code that was never issued. */
export async function verifyCertificate(code: string): Promise<PublicCertificate> {
  const cert = await getCertificate(code);
  if (!cert) throw new NotFound(certificateMessages.notFound);
  return toPublic(cert);
}

/** For the CertificateIssued e-mail. */
export const certificateByCode = getCertificate;

/** The caller's certificates, or those of the parent's learner named (404 for one not in the household). */
export async function myCertificates(user: AuthUser, learnerId?: string): Promise<MyCertificatesResponse> {
  return certificatesOf((await ownerOf(user, learnerId)).ownerId);
}

/** The certificates issued to a student or a parent's learner (their owner key), newest first. */
export async function certificatesOf(ownerId: string, limit?: number): Promise<MyCertificatesResponse> {
  return { certificates: (await listStudentCertificates(ownerId, limit)).map(toPublic) };
}

/** Badges from running totals: progress summary (1 read), enrolments (1 Query), certificates (1 Query). */
export async function myBadges(user: AuthUser, learnerId?: string): Promise<MyBadgesResponse> {
  const { ownerId } = await ownerOf(user, learnerId);
  const [progress, lessonsDone, certificates] = await Promise.all([
    badgeFacts(ownerId), courseLessonsDone(ownerId), listStudentCertificates(ownerId, 1),
  ]);
  const badges: Badge[] = badgesFrom({
    liveLessonsCompleted: progress.lessonsCompleted, courseLessonsDone: lessonsDone,
    certificates: certificates.length, highScoreGames: progress.highScoreGames,
  }).map((b) => ({ ...b, name: BADGES[b.id].name, description: BADGES[b.id].description }));
  return { badges };
}

const encodeAdminCursor = (key: AdminListKey) => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeAdminCursor(cursor: string): AdminListKey {
  try {
    return AdminListKey.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationFailed('This list has changed. Please search again.');
  }
}

/** Super admin: one certificate by code, or all of them newest first, a page at a time. */
export async function adminCertificates(query: AdminCertificatesQuery): Promise<AdminCertificatesResponse> {
  if (query.code) {
    const cert = await getCertificate(query.code);
    return { certificates: cert ? [toAdmin(cert)] : [] };
  }
  const page = await listAllCertificates(ADMIN_CERTIFICATES_PAGE, query.cursor ? decodeAdminCursor(query.cursor) : undefined);
  return {
    certificates: page.certificates.map(toAdmin),
    ...(page.lastKey ? { nextCursor: encodeAdminCursor(page.lastKey) } : {}),
  };
}

/** A super admin revokes a valid certificate with a reason (audited); the public page then says revoked. */
export async function revokeCertificate(admin: AuthUser, code: string, reason: string, now = new Date()): Promise<AdminCertificate> {
  const cert = await getCertificate(code);
  if (!cert) throw new NotFound(certificateMessages.notFound);
  if (cert.status === 'revoked' || !(await revokeCertificateRecord(code, { by: admin.id, reason, at: now.toISOString() }))) {
    throw new Conflict('already_revoked', certificateMessages.alreadyRevoked);
  }
  countBusinessEvent(BusinessMetric.certificateRevoked);
  logger.info('Certificate revoked', { code, by: admin.id });
  return toAdmin((await getCertificate(code))!);
}
