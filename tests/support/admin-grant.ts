/**
 * Making a super admin as the product does: a super admin grants (an enrolment code comes back),
 * the new admin sets up an authenticator app and completes with the code, then signs in again.
 */
import { SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import { api, cognito, signIn, signInDemoAdmin, type TestUser } from './api.js';
import { enableTotp } from './mfa.js';

/** The demo admin grants `userId` super admin; answers the enrolment code. */
export async function grantByDemoAdmin(userId: string): Promise<string> {
  const admin = await signInDemoAdmin();
  const granted = await api(`/api/admin/users/${userId}/grant-super-admin`, { method: 'POST', token: admin.accessToken });
  expect(granted.status).toBe(200);
  return granted.body.enrolment.code as string;
}

/** Grant, enrol (authenticator app + code) and sign in again: a super admin with its TOTP secret. */
export async function enrolledSuperAdmin(user: TestUser): Promise<TestUser & { totpSecret: string }> {
  const code = await grantByDemoAdmin(user.userId);
  const totpSecret = await enableTotp(cognito(), user.accessToken);
  const done = await api('/api/admin-enrolment', { method: 'POST', token: user.accessToken, body: { code } });
  expect(done.status).toBe(200);
  return { ...user, ...(await signIn(user.email, user.password, totpSecret)), totpSecret };
}

/** An enrolled super admin who then switched the authenticator app off, signed in with the password alone. */
export async function superAdminWithoutApp(user: TestUser): Promise<TestUser> {
  const admin = await enrolledSuperAdmin(user);
  await cognito().send(new SetUserMFAPreferenceCommand({
    AccessToken: admin.accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
  }));
  return { ...admin, ...(await signIn(admin.email, admin.password)) };
}
