/**
 * Sign-up rules: which role an account type gets, and the one consistent step that creates
 * the Cognito user, its group and its profile (undone as a whole if any part fails).
 */
import { DEFAULT_COUNTRY, DEFAULT_TIME_ZONE, type Profile } from '../profiles/contract.js';
import { createProfile } from '../profiles/service.js';
import { reindexTutorListing } from '../tutors/listing-service.js';
import { openParentApproval } from '../households/approval-service.js';
import { isUnder18 } from '../households/minor-rules.js';
import { normalizeKenyanMobile } from '../shared/phone.js';
import { Conflict, ValidationFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import { logger } from '../shared/logger.js';
import { enforceRateLimit } from '../shared/rate-limit.js';
import {
  messages, ResendCodeRequest, signUpSuccessMessage, SignUpRequest, type AccountType, type ResendCodeResponse, type SignUpResponse,
} from './contract.js';
import { addToGroup, deleteIdentity, registerIdentity, resendConfirmation } from './identity.js';
import type { Role } from './roles.js';

/**
 * A parent is a parent (their household's learners hang off their account) and may do all a
 * student may. "admin" never grants admin: it is recorded as a request that an existing super
 * admin may grant; until then the account is a student.
 */
export function roleForAccountType(accountType: AccountType): Role {
  if (accountType === 'tutor') return 'tutor';
  return accountType === 'parent' ? 'parent' : 'student';
}

function mapCognitoError(error: Error): Error {
  switch (error.name) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new Conflict('email_taken', messages.emailTaken);
    case 'InvalidPasswordException':
      return new ValidationFailed(messages.passwordPolicy);
    case 'InvalidParameterException':
      return /email|username/i.test(error.message) ? new ValidationFailed(messages.invalidEmail) : error;
    default:
      return error;
  }
}

export async function signUp(input: SignUpRequest, now = new Date()): Promise<SignUpResponse> {
  const request = SignUpRequest.parse(input);
  const role = roleForAccountType(request.accountType);
  // A student alone under 18 is limited until a parent approves (households/approval-service.ts).
  const birthYear = role === 'student' ? request.birthYear : undefined;
  const waitsForParent = birthYear !== undefined && isUnder18(birthYear, now);

  let userId: string;
  try {
    userId = await registerIdentity(request);
  } catch (error) {
    throw mapCognitoError(error as Error);
  }

  const profile: Profile = {
    id: userId,
    role,
    accountType: request.accountType,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    phone: request.phone || undefined,
    country: request.country || DEFAULT_COUNTRY,
    timeZone: DEFAULT_TIME_ZONE,
    language: request.language,
    expertise: [],
    specializations: [],
    preferredSubjects: [],
    certifications: [],
    levels: [],
    grades: [],
    kycStatus: role === 'tutor' ? 'pending' : undefined,
    adminRequest: request.accountType === 'admin' ? 'pending' : undefined,
    birthYear,
    parentApproval: waitsForParent ? 'pending' : undefined,
    createdAt: now.toISOString(),
  };

  try {
    await addToGroup(request.email, role);
    await createProfile(profile);
    if (role === 'tutor') await reindexTutorListing(userId);
    if (waitsForParent && request.parentEmail) {
      const parentPhone = request.parentPhone ? normalizeKenyanMobile(request.parentPhone) ?? undefined : undefined;
      await openParentApproval({
        studentId: userId, firstName: profile.firstName, lastName: profile.lastName, parentEmail: request.parentEmail,
        ...(parentPhone ? { parentPhone } : {}), ...(request.language ? { language: request.language } : {}),
      }, now);
    }
  } catch (error) {
    // Leave nothing half-made: without its profile the account must not exist either.
    logger.error('Sign-up failed after the identity was created; removing it', { error: error as Error });
    await deleteIdentity(request.email).catch((cleanup: Error) =>
      logger.error('Could not remove the half-created identity', { error: cleanup, userId }));
    throw error;
  }

  await publishEvent('UserSignedUp', {
    userId,
    email: profile.email,
    firstName: profile.firstName,
    role,
    adminRequested: profile.adminRequest === 'pending',
    language: profile.language,
    occurredAt: profile.createdAt,
  }).catch((error: Error) => logger.error('UserSignedUp not published', { error, userId }));

  return {
    userId,
    role,
    adminRequested: profile.adminRequest === 'pending',
    confirmationRequired: true,
    ...(waitsForParent ? { waitingForParent: true } : {}),
    message: signUpSuccessMessage(request.accountType),
  };
}

/**
 * New confirmation codes per address: each one is an e-mail to someone who may never have asked
 * for it, so a few an hour (per address here; per network in WAF, infra/aws/rate-limits.ts).
 * Counted for every address asked about, so the limit answers alike for one without an account.
 */
export const RESEND_CODE_LIMIT = { group: 'resend-code', limit: 5, windowSeconds: 3600 } as const;

/** Mails a new code when an account waits for confirmation; the answer never says whether one does. */
export async function resendSignUpCode(input: ResendCodeRequest, now = new Date()): Promise<ResendCodeResponse> {
  const { email } = ResendCodeRequest.parse(input);
  await enforceRateLimit(RESEND_CODE_LIMIT, email, now);
  const sent = await resendConfirmation(email);
  if (!sent) logger.info('No confirmation code to resend (no such account, or already confirmed)');
  return { message: messages.codeResent };
}
