/**
 * Privacy rules (pure): how often an export may be asked, how long its links live, when an account
 * may not be deleted yet, and what of a kept item is personal. docs/decisions/2026-11-28-privacy-export-and-deletion.md.
 */
import { PUBLIC_PREFIX, STAGING_PREFIX } from '../uploads/storage.js';
import { UPLOAD_PURPOSES } from '../uploads/rules.js';

/** Exports a user may start per day (the route's rate limit). */
export const EXPORTS_PER_DAY = 3;
/** The archive's link and the file links inside it: S3's longest presigned GET. */
export const EXPORT_LINK_SECONDS = 7 * 24 * 60 * 60;
/** An export still "running" after this long died (its event was lost): a new request may start one. */
export const EXPORT_STALE_MINUTES = 15;
/** What a user types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE';
export const DELETED_USER = 'Deleted user';
export const DELETED_LEARNER = 'Deleted learner';

export const privacyMessages = {
  exportStarted: 'We are preparing your data. This page shows the download when it is ready.',
  exportRunning: 'Your data is already being prepared.',
  deletionStarted: 'Deletion started. It is finished within a few minutes.',
  learnerDeletionStarted: 'The child\'s data is being deleted. It is finished within a few minutes.',
  confirmationRequired: 'Type DELETE to confirm',
  wrongPassword: 'That password is not right',
  futureLesson: 'You have a lesson booked in the future. Cancel it (or wait until it has taken place), then delete your account.',
  moneyAwaitingPayout: 'You have earnings waiting to be paid out. Wait for your next payout (Mondays), then delete your account.',
  learnerFutureLesson: 'This child has a lesson booked in the future. Cancel it (or wait until it has taken place), then delete the child\'s data.',
  learnerNotFound: 'Child not found',
  householdNotFound: 'No parent account with that e-mail',
} as const;

/** Why an account cannot be deleted yet (null: it can). Lessons first: they are what the user meets sooner. */
export function deletionRefusal(state: { futureLessons: number; moneyAwaitingPayoutMinor: number }): keyof typeof privacyMessages | null {
  if (state.futureLessons > 0) return 'futureLesson';
  if (state.moneyAwaitingPayoutMinor > 0) return 'moneyAwaitingPayout';
  return null;
}

/** A lesson still to come that is booked (held or paid), not cancelled, expired or over. */
export function isFutureLesson(booking: Record<string, unknown>, now: Date): boolean {
  const status = String(booking.status ?? '');
  if (['cancelled', 'completed', 'expired', 'no_show', 'refunded'].includes(status)) return false;
  // An unpaid hold that ran out is no booking any more.
  if (booking.paymentStatus !== 'paid' && typeof booking.holdExpiresAt === 'string' && booking.holdExpiresAt <= now.toISOString()) return false;
  return typeof booking.scheduledAt === 'string' && booking.scheduledAt > now.toISOString();
}

/** Attributes that name a person: kept items (money, lessons, reviews) read the replacement instead. */
const NAME_ATTRIBUTES = ['studentName', 'learnerName', 'learnerFirstName', 'learnerLastName', 'payerName', 'name', 'firstName', 'lastName', 'accountName'] as const;
/** Attributes that reach a person: removed from kept items. */
const CONTACT_ATTRIBUTES = ['email', 'studentEmail', 'payerEmail', 'customerEmail', 'phone', 'studentPhone', 'payerPhone', 'phoneNumber', 'notes'] as const;

/**
 * What changes in a kept item so it names nobody: name attributes read `replacement`, contacts
 * go; ids, amounts and dates stay (money must still add up, lessons still count). Null when the
 * item already names nobody (a second run changes nothing).
 */
export function pseudonymised(item: Record<string, unknown>, replacement: string): { set: Record<string, string>; remove: string[] } | null {
  const set: Record<string, string> = {};
  for (const name of NAME_ATTRIBUTES) {
    if (typeof item[name] === 'string' && item[name] !== replacement) set[name] = replacement;
  }
  const remove = CONTACT_ATTRIBUTES.filter((name) => item[name] !== undefined);
  return Object.keys(set).length || remove.length ? { set, remove } : null;
}

/** Every S3 prefix a user's own files live under (uploads staging, their photo, KYC files, exports). */
export function userFilePrefixes(userId: string, exportPrefix: string): string[] {
  return [
    ...UPLOAD_PURPOSES.map((purpose) => `${STAGING_PREFIX}${purpose}/${userId}/`),
    `${PUBLIC_PREFIX}profile-photos/${userId}/`,
    `kyc/${userId}/`,
    exportPrefix,
  ];
}

/** The `about` section of an archive: what each section holds, for the person reading it. */
export const ARCHIVE_ABOUT = {
  format: 'One JSON document. Each section lists the stored records as they are kept (pk and sk are their keys in the platform\'s table; gsi* keys are index keys).',
  sections: {
    profile: 'Your account: name, e-mail, phone, role, language, time zone, tutor profile fields; your verified phone number, a phone code waiting to be confirmed, how you chose to get each kind of message and any STOP you sent.',
    phoneOwner: 'Which account your verified phone number belongs to (SMS replies arrive by number).',
    household: 'Your household (for a parent): the children you added and consent records.',
    pairingCodes: 'Pairing codes you made for a child to link their own sign-in (each lives 24 hours).',
    parentApproval: 'For a sign-up under 18: the request to your parent (their e-mail or phone), its status and its link.',
    conversations: 'Your conversations with tutors or families: each conversation, your side of it (unread, last read) and every message in it.',
    inbox: 'Your messages inbox: how many messages are unread.',
    messagingCaps: 'How many paid SMS or WhatsApp messages were sent to you per day (kept a few days).',
    bookings: 'Lessons booked by you (as payer or learner): tutor, subject, time, price, status.',
    lessonsTaught: 'For tutors: lessons booked with you.',
    liveSessions: 'Live classes of your lessons: when they started and who joined.',
    payments: 'Payment attempts, transactions and refunds of your lessons and courses (amounts in cents: 100 = KSh 1).',
    reviews: 'Reviews you wrote.',
    aiChats: 'Your study assistant conversations and messages.',
    aiUsage: 'How many AI questions and quizzes you used per day.',
    progress: 'Games, scores, active days and counted lessons: yours, and each of your children\'s.',
    lessonHistory: 'The lessons history of each learner (you, or each of your children): subject, tutor and time of each lesson.',
    lessonReports: 'Lesson reports: for a family, each report the tutor approved (topics, how it went, homework, next steps) and homework marked done; for a tutor, the reports you wrote, with your own notes and every version.',
    weeklyReports: 'Whom each learner\'s weekly progress report goes to.',
    courseEnrolments: 'Courses you joined and the lessons you finished.',
    certificates: 'Certificates issued to you.',
    disputes: 'Problems you reported with a lesson.',
    privacy: 'Your export and deletion requests.',
    files: 'Files you uploaded, each with a download link valid for 7 days.',
  },
} as const;
