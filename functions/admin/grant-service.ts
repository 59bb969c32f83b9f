/**
 * Super admin grants. A grant never makes an admin by itself: it waits (GRANT_VALID_HOURS) for the
 * account's owner, who enters the one-time enrolment code the granting admin handed over out of
 * band and sets up an authenticator app; only then does the account join super_admin. So a
 * password alone (guessed, leaked, shared) cannot enrol its own authenticator into the admin role.
 */
import { findIdentityId } from '../auth/identity.js';
import type { Profile } from '../profiles/contract.js';
import { getProfile } from '../profiles/service.js';
import { BusinessRuleViolated, Conflict, MfaRequired, NotFound, TooManyRequests } from '../shared/errors.js';
import { countWrongCode, getAdminGrant, markGrantRevoked, markGrantUsed, putAdminGrant } from './grant-repository.js';
import { checkCode, grantState, newGrant } from './grant-rules.js';
import { addSuperAdminRole, toAdminUser } from './service.js';

export const grantMessages = {
  alreadyAdmin: 'This account is already a super admin',
  noGrant: 'No admin grant is waiting for this account',
  expired: 'This admin grant has expired. Ask a super admin to grant it again.',
  revoked: 'This admin grant was withdrawn. Ask a super admin to grant it again.',
  locked: 'Too many wrong enrolment codes. Ask a super admin to grant it again.',
  wrongCode: 'That enrolment code is not right. Check it and try again ({left} tries left).',
  noAuthenticator: 'Set up your authenticator app first, then finish.',
} as const;

async function accountFor(email: string): Promise<{ userId: string; profile: Profile }> {
  const normalized = email.trim().toLowerCase();
  const userId = await findIdentityId(normalized);
  const profile = userId ? await getProfile(userId) : null;
  if (!userId || !profile) throw new NotFound(`No account with the e-mail ${normalized}`);
  return { userId, profile };
}

/**
 * Grants super admin to the account with this e-mail, pending its enrolment. Returns the code to
 * hand over (shown this once: only its hash is kept). A new grant replaces a pending one.
 */
export async function issueAdminGrant(email: string, grantedBy: string, now = new Date()) {
  const { userId, profile } = await accountFor(email);
  if (profile.role === 'super_admin') throw new Conflict('already_super_admin', grantMessages.alreadyAdmin);
  const { grant, code } = newGrant({ userId, email: profile.email, grantedBy }, now);
  await putAdminGrant(grant);
  return { profile, code, expiresAt: grant.expiresAt };
}

/** Withdraws the pending grant of this e-mail (audited). */
export async function revokeAdminGrant(email: string, revokedBy: string, now = new Date()): Promise<Profile> {
  const { userId, profile } = await accountFor(email);
  const grant = await getAdminGrant(userId);
  if (!grant || grant.status !== 'pending' || !(await markGrantRevoked(grant, revokedBy, now.toISOString()))) {
    throw new NotFound(grantMessages.noGrant);
  }
  return profile;
}

/** A grant this account can still complete: when it runs out (for GET /api/me), else null. */
export async function pendingAdminGrant(userId: string, now = new Date()): Promise<{ expiresAt: string } | null> {
  const grant = await getAdminGrant(userId);
  return grant && grantState(grant, now) === 'pending' ? { expiresAt: grant.expiresAt } : null;
}

/**
 * The new admin finishes: the enrolment code (hash, expiry, single use, MAX_CODE_ATTEMPTS wrong
 * tries), then the authenticator app as Cognito reports it (`authenticatorOn`, asked with the
 * caller's own token), then the role. A replay after success changes nothing; a retry after a
 * failure between claiming the grant and the role change finishes the role change.
 */
export async function completeAdminGrant(userId: string, code: string, authenticatorOn: () => Promise<boolean>, now = new Date()): Promise<Profile> {
  const grant = await getAdminGrant(userId);
  if (!grant) throw new NotFound(grantMessages.noGrant);
  if (grant.status === 'used') {
    const profile = await getProfile(userId);
    if (profile?.role === 'super_admin') return profile;
    if (!(await authenticatorOn())) throw new MfaRequired();
    return addSuperAdminRole(userId, grant.grantedBy, now);
  }
  const check = checkCode(grant, code, now);
  if (!check.ok) {
    switch (check.reason) {
      case 'wrong':
        await countWrongCode(grant);
        if (check.attemptsLeft <= 0) throw new TooManyRequests('grant_locked', grantMessages.locked);
        throw new BusinessRuleViolated('wrong_enrolment_code', grantMessages.wrongCode.replace('{left}', String(check.attemptsLeft)));
      case 'locked': throw new TooManyRequests('grant_locked', grantMessages.locked);
      case 'expired': throw new BusinessRuleViolated('grant_expired', grantMessages.expired);
      case 'revoked': throw new BusinessRuleViolated('grant_revoked', grantMessages.revoked);
      default: throw new NotFound(grantMessages.noGrant);
    }
  }
  if (!(await authenticatorOn())) throw new BusinessRuleViolated('authenticator_required', grantMessages.noAuthenticator);
  if (!(await markGrantUsed(grant, now.toISOString()))) {
    // Claimed meanwhile (a concurrent retry), or revoked, re-issued or locked: read again and answer for what it is now.
    return completeAdminGrant(userId, code, authenticatorOn, now);
  }
  return addSuperAdminRole(userId, grant.grantedBy, now);
}

/** The dashboard's "Grant admin" on a user (e.g. a pending admin request): a pending grant and its code. */
export async function issueAdminGrantById(userId: string, grantedBy: string, now = new Date()) {
  const profile = await getProfile(userId);
  if (!profile) throw new NotFound('User not found');
  const issued = await issueAdminGrant(profile.email, grantedBy, now);
  return { user: toAdminUser(issued.profile), enrolment: { code: issued.code, expiresAt: issued.expiresAt } };
}
