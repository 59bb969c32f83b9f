import { describe, expect, it } from 'vitest';
import { hasAuthenticatorApp, reachesAsSuperAdmin } from './mfa.js';

describe('reachesAsSuperAdmin', () => {
  it('is true only where the super admin role is what lets the caller in', () => {
    expect(reachesAsSuperAdmin(['super_admin'], ['super_admin'])).toBe(true);
    expect(reachesAsSuperAdmin(['super_admin', 'tutor'], ['super_admin'])).toBe(true);
    // A tutor who is also super admin reaches a tutor route as a tutor.
    expect(reachesAsSuperAdmin(['super_admin', 'tutor'], ['super_admin', 'tutor'])).toBe(false);
    expect(reachesAsSuperAdmin(['tutor'], ['super_admin'])).toBe(false);
    expect(reachesAsSuperAdmin('signed-in', ['super_admin'])).toBe(false);
    expect(reachesAsSuperAdmin('public', ['super_admin'])).toBe(false);
    expect(reachesAsSuperAdmin(['super_admin'], ['student'])).toBe(false);
  });
});

describe('hasAuthenticatorApp', () => {
  it('needs TOTP enabled and preferred (the factor Cognito asks for at sign-in)', () => {
    expect(hasAuthenticatorApp({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' })).toBe(true);
    expect(hasAuthenticatorApp({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: '' })).toBe(false);
    expect(hasAuthenticatorApp({ UserMFASettingList: [], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' })).toBe(false);
    expect(hasAuthenticatorApp({ UserMFASettingList: ['SMS_MFA'], PreferredMfaSetting: 'SMS_MFA' })).toBe(false);
    expect(hasAuthenticatorApp({})).toBe(false);
  });
});
