/**
 * Demo data for local runs, created through the product's own services so it obeys the same
 * rules as real sign-ups. Idempotent: existing accounts are left alone.
 */
import { createHash } from 'node:crypto';
import { AdminConfirmSignUpCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { makeDemoSuperAdmin } from '../../../functions/admin/service.js';
import type { SignUpRequest } from '../../../functions/auth/contract.js';
import { findIdentityId } from '../../../functions/auth/identity.js';
import { signUp } from '../../../functions/auth/service.js';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { setKycStatus, setProfilePhotoUrl, updateProfileFields } from '../../../functions/profiles/repository.js';
import { reindexTutorListing } from '../../../functions/tutors/listing-service.js';
import { addAvailability } from '../../../functions/tutors/service.js';
import { avatarPng } from './avatar.js';
import { completeDemoCourse, seedTutorCourses } from './courses.js';
import { seedTutorReviews } from './reviews.js';
import { examPackFiles } from '../../documents/exam-packs.js';
import { publishExamPack } from '../../../functions/exampacks/service.js';
import { recordPayment, releaseDueEarnings } from '../../../functions/ledger/service.js';
import { countCourseEnrolment } from '../../../functions/courses/service.js';
import { putOffer } from '../../../functions/packs/repository.js';
import { demoTutors, type DemoTutor } from './tutors.js';
import { clientConfig, type LocalResources } from '../emulators/provision.js';

export const DEMO_PASSWORD = 'Demo@1234';

export const demoAccounts = {
  /** An adult student (sign-up asks every student their year of birth). */
  student: { accountType: 'student', firstName: 'Wanjiku', lastName: 'Kamau', email: 'student@demo.alp.test', phone: '+254 712 345 678', country: 'Kenya', birthYear: 2003 },
  tutor: { accountType: 'tutor', firstName: 'Otieno', lastName: 'Odhiambo', email: 'tutor@demo.alp.test', phone: '+254 722 111 222', country: 'Kenya' },
  admin: { accountType: 'admin', firstName: 'Amina', lastName: 'Hassan', email: 'admin@demo.alp.test', country: 'Kenya' },
  /** A mother of two (Amani, Grade 7 CBC; Zawadi, Form 4 8-4-4): infra/local/demo/household.ts books a lesson for each. */
  parent: { accountType: 'parent', firstName: 'Njeri', lastName: 'Mwangi', email: 'parent@demo.alp.test', phone: '+254 733 444 555', country: 'Kenya' },
} as const satisfies Record<string, Omit<SignUpRequest, 'password'>>;

async function ensureAccount(resources: LocalResources, account: Omit<SignUpRequest, 'password'>): Promise<string | null> {
  if (await findIdentityId(account.email)) return null;
  const { userId } = await signUp({ ...account, password: DEMO_PASSWORD });
  await new CognitoIdentityProviderClient(clientConfig(resources)).send(new AdminConfirmSignUpCommand({
    UserPoolId: resources.userPoolId, Username: account.email,
  }));
  return userId;
}

export const demoTutorEmail = (i: number) => `tutor${String(i + 1).padStart(2, '0')}@demo.alp.test`;

async function seedTutor(resources: LocalResources, tutor: DemoTutor, i: number): Promise<void> {
  const userId = await ensureAccount(resources, {
    accountType: 'tutor', firstName: tutor.firstName, lastName: tutor.lastName, email: demoTutorEmail(i), country: tutor.country,
  });
  if (!userId) return;
  await updateProfileFields(userId, {
    bio: tutor.bio, hourlyRate: tutor.hourlyRate, teachingExperience: tutor.teachingExperience,
    educationBackground: tutor.educationBackground, preferredSubjects: tutor.preferredSubjects,
    expertise: tutor.expertise, specializations: tutor.specializations, levels: tutor.levels, grades: tutor.grades,
    timeZone: tutor.timeZone ?? 'Africa/Nairobi',
  });
  const key = `public/profile-photos/${userId}/portrait.png`;
  await new S3Client({ ...clientConfig(resources), forcePathStyle: true }).send(new PutObjectCommand({
    Bucket: resources.uploadsBucket, Key: key, Body: avatarPng(i, tutor.firstName, tutor.lastName), ContentType: 'image/png',
    CacheControl: 'public, max-age=3600',
  }));
  await setProfilePhotoUrl(userId, `/${key}`);
  if (tutor.verified) await setKycStatus(userId, 'approved');
  for (const [dayOfWeek, start, end] of tutor.availability) {
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    await addAvailability(userId, { dayOfWeek, startTime: hh(start), endTime: hh(end) });
  }
  if (tutor.verified) await seedTutorReviews(i, userId);
  if (tutor.verified) await seedPackOffer(userId, i);
  await reindexTutorListing(userId);
  const paidCourses = tutor.verified ? await seedTutorCourses(resources, i, userId) : [];
  if (i === PAYOUT_DEMO_TUTOR && paidCourses[0]) await seedMoneyToWithdraw(userId, paidCourses[0]);
}

/**
 * One lesson pack on a verified tutor's profile, beside Book (4 to 6 lessons of an hour, 5 to 15%
 * off), so `npm start` shows packs to buy. Its id comes from the tutor's: a re-seed rewrites the
 * same offer, never a second one.
 */
async function seedPackOffer(tutorId: string, i: number): Promise<void> {
  const hex = createHash('sha256').update(`demo-pack#${tutorId}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  await putOffer({ id, tutorId, createdAt: '2026-11-29T00:00:00.000Z', lessons: 4 + (i % 3), durationMinutes: 60, discountPercent: 5 + 5 * (i % 3) });
}

/** The verified demo tutor (tutor01) who has money to withdraw, so a newcomer can try payouts (README "Payouts"). */
export const PAYOUT_DEMO_TUTOR = 0;

/**
 * Two sales of the tutor's paid course, paid four days ago: past the dispute window, so their
 * share is available to withdraw. A real sale's PaymentConfirmed reaches both the ledger and the
 * course-enrolments consumer; the seed writes no event, so it does both itself (the same calls,
 * with the consumer's occurrence ids, so a re-seed counts nothing twice) and the Courses tab's
 * revenue agrees with the Earnings tab.
 */
async function seedMoneyToWithdraw(tutorId: string, courseId: string): Promise<void> {
  const paidAt = new Date(Date.now() - 4 * 86_400_000).toISOString();
  for (const n of [1, 2]) {
    const reference = `demo-sale-${tutorId}-${n}`;
    await recordPayment({ reference, purpose: 'course', tutorId, courseId, amountMinor: 150_000, paidAt });
    await countCourseEnrolment(courseId, `paid#${reference}`, 150_000);
  }
  await releaseDueEarnings(new Date());
}

export async function seed(resources: LocalResources): Promise<void> {
  const newStudentId = await ensureAccount(resources, demoAccounts.student);
  await ensureAccount(resources, demoAccounts.tutor);
  await ensureAccount(resources, demoAccounts.admin);
  await ensureAccount(resources, demoAccounts.parent);
  await makeDemoSuperAdmin(demoAccounts.admin.email);
  // A few at a time: fast enough, and gentle on the emulator.
  for (let i = 0; i < demoTutors.length; i += 6) {
    await Promise.all(demoTutors.slice(i, i + 6).map((tutor, j) => seedTutor(resources, tutor, i + j)));
  }
  // The same PDFs as on AWS (infra/scripts/publish-exam-packs.ts); repeating keeps the counts.
  for (const { pack, pdf } of examPackFiles()) await publishExamPack(pack, pdf);
  if (newStudentId) await completeDemoCourse(newStudentId);
}
