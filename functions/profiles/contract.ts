/** Profile as the API returns it. Shared by the API and the SPA. */
import * as z from 'zod';
// The catalog, not the auth contract: the profile editor must not pull in the sign-up rules and their password list.
import { ACCOUNT_TYPES } from '../auth/accounts-catalog.js';
import { ROLES } from '../auth/roles.js';
import { LEVELS } from '../tutors/catalog.js';
import { TrialOffer } from '../tutors/trial-offer.js';
import { LANGUAGES } from '../../events/shared/language.js';

export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const DEFAULT_COUNTRY = 'Kenya';
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

export const Profile = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  country: z.string(),
  timeZone: z.string(),
  /** Absent until the user picks one: the SPA then keeps the device's choice. */
  language: z.enum(LANGUAGES).optional(),
  profilePhotoUrl: z.string().optional(),
  bio: z.string().optional(),
  hourlyRate: z.number().optional(),
  /** Tutors: whole hours of notice a booking needs (the default 2 when never set). */
  minNoticeHours: z.number().int().optional(),
  /** Tutors: a 30-minute trial lesson they offer (free or at their price); absent: no trial. */
  trialLesson: TrialOffer.optional(),
  teachingExperience: z.string().optional(),
  educationBackground: z.string().optional(),
  expertise: z.array(z.string()),
  specializations: z.array(z.string()),
  preferredSubjects: z.array(z.string()),
  certifications: z.array(z.string()),
  levels: z.array(z.enum(LEVELS)),
  /** Tutors: the grades they teach (ids of the grade catalog; their curricula follow from them). Absent: none stated. */
  grades: z.array(z.string()).optional(),
  kycStatus: z.enum(KYC_STATUSES).optional(),
  /** Maintained by bookings when a lesson is completed. */
  completedSessions: z.number().int().optional(),
  adminRequest: z.enum(['pending', 'granted']).optional(),
  /** A student whose login a parent linked to a learner of their household (households/keys.ts): that household and learner. */
  parentId: z.string().optional(),
  learnerId: z.string().optional(),
  /** The year of birth a student signing up alone gave (households/approval-rules.ts reads their age from it). */
  birthYear: z.number().int().optional(),
  /**
   * A student under 18 who signed up alone, until a parent approves the link (households/keys.ts
   * approvalGranted removes it): no booking, payment or chat with tutors meanwhile (households/payer.ts).
   */
  parentApproval: z.literal('pending').optional(),
  /**
   * Suspended by a super admin (admin/moderation-service.ts): the sign-in is disabled and sending
   * messages refused, even with a token issued before. Absent for an account in good standing.
   */
  suspension: z.object({ at: z.string(), by: z.string(), reason: z.string() }).optional(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** What a profile change answers (PATCH /api/me/profile, the photo): the profile as it now is. */
export const ProfileResponse = z.object({ profile: Profile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const MeResponse = z.object({
  profile: Profile,
  /** A super admin without an authenticator app yet: admin routes answer 403 mfa_required until it is set up. */
  mfaSetupRequired: z.boolean(),
  /** A super admin grant waits for this account: enrol (code + authenticator app, POST /api/admin-enrolment) before expiresAt. */
  adminEnrolment: z.object({ expiresAt: z.string() }).optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;
