/** Super admins need two-step sign-in (TOTP) on admin routes; the API asks Cognito, not the client. */
import {
  AssociateSoftwareTokenCommand, InitiateAuthCommand, RespondToAuthChallengeCommand, SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { api, cognito, createUser, signIn, stack, type TestUser } from '../support/api.js';
import { superAdminWithoutApp } from '../support/admin-grant.js';
import { enableTotp } from '../support/mfa.js';
import { freshTotp } from '../support/totp.js';

/** A new super admin who switched the authenticator app off after enrolling: the app is missing again. */
const grantedSuperAdmin = async (): Promise<TestUser> => superAdminWithoutApp(await createUser('admin'));

const MFA_REQUIRED = {
  status: 403,
  body: { error: { code: 'mfa_required', message: 'Super admins must use two-step sign-in. Set up an authenticator app, then try again.' } },
};

describe('two-step sign-in for super admins', () => {
  it('refuses admin routes until an authenticator app is set up, then signs in with a code', async () => {
    const admin = await grantedSuperAdmin();
    expect((await api('/api/me', { token: admin.accessToken })).body).toMatchObject({
      profile: { role: 'super_admin' }, mfaSetupRequired: true,
    });
    expect(await api('/api/admin/stats', { token: admin.accessToken })).toMatchObject(MFA_REQUIRED);
    expect(await api('/api/admin/kyc/pending', { token: admin.accessToken })).toMatchObject(MFA_REQUIRED);

    const secret = await enableTotp(cognito(), admin.accessToken);
    // Takes effect on the next request: a refusal is never cached.
    expect((await api('/api/admin/stats', { token: admin.accessToken })).status).toBe(200);
    expect((await api('/api/me', { token: admin.accessToken })).body.mfaSetupRequired).toBe(false);

    // From now on the password alone is not enough, and a wrong code is refused.
    await expect(signIn(admin.email, admin.password)).rejects.toThrow(/two-step sign-in on/);
    const challenge = await cognito().send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().resources.userPoolClientId,
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }));
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const wrong = String((Number(await freshTotp(secret)) + 1) % 1_000_000).padStart(6, '0');
    await expect(cognito().send(new RespondToAuthChallengeCommand({
      ClientId: stack().resources.userPoolClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: challenge.Session,
      ChallengeResponses: { USERNAME: admin.email, SOFTWARE_TOKEN_MFA_CODE: wrong },
    }))).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const next = await signIn(admin.email, admin.password, secret);
    expect((await api('/api/admin/users', { token: next.accessToken })).status).toBe(200);
  });

  it('trusts Cognito, not the client: a verified but disabled authenticator does not count', async () => {
    const admin = await grantedSuperAdmin();
    const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: admin.accessToken }));
    await cognito().send(new VerifySoftwareTokenCommand({ AccessToken: admin.accessToken, UserCode: await freshTotp(SecretCode!) }));
    // Verified, never enabled: no challenge at sign-in, so no second factor.
    expect(await api('/api/admin/stats', { token: admin.accessToken })).toMatchObject(MFA_REQUIRED);

    await cognito().send(new SetUserMFAPreferenceCommand({
      AccessToken: admin.accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }));
    expect((await api('/api/admin/stats', { token: admin.accessToken })).status).toBe(200);
    // Switched off again with the user's own token: a new sign-in (now without a code) is refused at once.
    await cognito().send(new SetUserMFAPreferenceCommand({
      AccessToken: admin.accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }));
    const passwordOnly = await signIn(admin.email, admin.password);
    expect(await api('/api/admin/stats', { token: passwordOnly.accessToken })).toMatchObject(MFA_REQUIRED);
    expect((await api('/api/me', { token: passwordOnly.accessToken })).body.mfaSetupRequired).toBe(true);
  });

  it('asks nothing of other roles', async () => {
    const student = await createUser('student');
    expect((await api('/api/me', { token: student.accessToken })).body.mfaSetupRequired).toBe(false);
    expect((await api('/api/admin/stats', { token: student.accessToken })).body.error.code).toBe('forbidden');
  });
});
