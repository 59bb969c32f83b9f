/**
 * Super admins see identity documents and move money, so they sign in with a second factor: an
 * authenticator app (TOTP, Cognito "software token"). The API does not trust a flag the client
 * set: it asks Cognito with the caller's own access token (GetUser, no IAM permission needed)
 * whether TOTP is enabled and is the factor Cognito asks for at sign-in. A user can switch TOTP
 * off again with that same token (SetUserMFAPreference), so a stored flag could lie.
 */
import { cognito } from '../shared/aws/cognito.js';
import { NotAuthenticated } from '../shared/errors.js';
import type { Access } from '../shared/route-def.js';

/** What GetUser (and AdminGetUser) report about a user's second factors. */
export interface MfaSettings {
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
}

/**
 * TOTP is on and preferred, so Cognito challenges for it at every sign-in. (With TOTP the only
 * factor AWS asks for it even when not preferred, but the SPA always sets it preferred, and the
 * local emulator only challenges a preferred factor.)
 */
export function hasAuthenticatorApp(settings: MfaSettings): boolean {
  return (settings.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')
    && settings.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA';
}

/** The caller reaches this route only as a super admin (none of their other roles would do). */
export function reachesAsSuperAdmin(access: Access, groups: readonly string[]): boolean {
  if (!Array.isArray(access) || !groups.includes('super_admin')) return false;
  const allowed = access as readonly string[];
  return allowed.includes('super_admin') && !groups.some((g) => g !== 'super_admin' && allowed.includes(g));
}

/**
 * Positive answers are kept for a minute per token (per warm Lambda): admin pages make several
 * calls at once, and Cognito's GetUser quota is shared with sign-ins. Negative answers are never
 * kept, so finishing the set-up takes effect on the very next request. Switching TOTP off takes
 * effect within a minute for the current token and at once for any new sign-in.
 */
export const CONFIRMED_TTL_MS = 60_000;
const MAX_CONFIRMED = 1000;
const confirmedUntil = new Map<string, number>();

export async function hasSecondFactor(accessToken: string, cacheKey: string, now = Date.now()): Promise<boolean> {
  const until = confirmedUntil.get(cacheKey);
  if (until !== undefined && until > now) return true;
  let settings: MfaSettings;
  try {
    const { client, sdk } = await cognito();
    settings = await client.send(new sdk.GetUserCommand({ AccessToken: accessToken }));
  } catch (error) {
    // A revoked token (global sign-out) or a deleted/disabled user.
    if ((error as Error).name === 'NotAuthorizedException' || (error as Error).name === 'UserNotFoundException') {
      throw new NotAuthenticated();
    }
    throw error;
  }
  if (!hasAuthenticatorApp(settings)) {
    confirmedUntil.delete(cacheKey);
    return false;
  }
  if (confirmedUntil.size >= MAX_CONFIRMED) confirmedUntil.clear();
  confirmedUntil.set(cacheKey, now + CONFIRMED_TTL_MS);
  return true;
}
