/**
 * A super admin grant takes effect only after enrolment: the code handed over out of band and an
 * authenticator app. Until then the account has no admin access anywhere.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { api, cognito, createUser, decodeJwt, signIn, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { grantByDemoAdmin } from '../support/admin-grant.js';
import { enableTotp } from '../support/mfa.js';

const run = promisify(execFile);

/** `npm run admin:grant -- …` against the test stack. */
async function grantCli(...args: string[]) {
  const port = new URL(stack().resources.endpoint).port;
  return run(process.execPath, ['--import', 'tsx', 'infra/scripts/grant-super-admin.ts', ...args], {
    env: {
      ...process.env, ALP_EMULATOR_PORT: port, AWS_ENDPOINT_URL: stack().resources.endpoint,
      AWS_ENDPOINT_URL_DYNAMODB: stack().resources.dynamodbEndpoint, ALP_STAGE: 'test',
    },
  });
}
const codeFrom = (stdout: string) => /Enrolment code: (\S+)/.exec(stdout)?.[1] ?? '';

const complete = (user: { accessToken: string }, code: string) =>
  api('/api/admin-enrolment', { method: 'POST', token: user.accessToken, body: { code } });

async function noAdminAccess(user: TestUser) {
  const fresh = await signIn(user.email, user.password).catch(() => null);
  const token = fresh?.accessToken ?? user.accessToken;
  expect(decodeJwt(token)['cognito:groups']).not.toContain('super_admin');
  expect((await api('/api/admin/stats', { token })).status).toBe(403);
  expect((await api('/api/admin/users', { token })).status).toBe(403);
  expect((await api('/api/me', { token })).body.profile.role).not.toBe('super_admin');
}

describe('super admin grants wait for enrolment', () => {
  it('a granted account has no admin access until it enrols with the code and an authenticator app', async () => {
    const user = await createUser('admin');
    const { stdout } = await grantCli(user.email.toUpperCase());
    expect(stdout).toContain('pending enrolment');
    const code = codeFrom(stdout);
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

    // The password alone: still a student, admin routes refused, the SPA told to lead to enrolment.
    const me = await api('/api/me', { token: user.accessToken });
    expect(me.body).toMatchObject({ profile: { role: 'student' }, adminEnrolment: { expiresAt: expect.any(String) } });
    await noAdminAccess(user);
    // Setting up an authenticator without the code does not make an admin either.
    const secret = await enableTotp(cognito(), user.accessToken);
    expect((await complete(user, 'AAAA-BBBB-CCCC-DDDD')).body.error.code).toBe('wrong_enrolment_code');
    await noAdminAccess(user);

    // With the code: the role, at the next sign-in (or token refresh).
    const done = await complete(user, code.toLowerCase());
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ role: 'super_admin' });
    const admin = await signIn(user.email, user.password, secret);
    expect(decodeJwt(admin.accessToken)['cognito:groups']).toEqual(['super_admin']);
    expect((await api('/api/admin/stats', { token: admin.accessToken })).status).toBe(200);
    const after = await api('/api/me', { token: admin.accessToken });
    expect(after.body).toMatchObject({ profile: { role: 'super_admin', adminRequest: 'granted' }, mfaSetupRequired: false });
    expect(after.body.adminEnrolment).toBeUndefined();

    // A replay changes nothing: the same answer, still one role.
    expect((await complete(admin, code)).body.user.role).toBe('super_admin');
    expect((await complete(user, 'AAAA-BBBB-CCCC-DDDD')).body.user.role).toBe('super_admin');
    const again = await signIn(user.email, user.password, secret);
    expect(decodeJwt(again.accessToken)['cognito:groups']).toEqual(['super_admin']);
  });

  it('refuses to finish without an authenticator app, and an unknown user has nothing to finish', async () => {
    const user = await createUser('admin');
    const code = await grantByDemoAdmin(user.userId);
    const refused = await complete(user, code);
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'authenticator_required' } } });
    // Verified but switched off does not count either: Cognito is asked, not the client.
    await enableTotp(cognito(), user.accessToken);
    await cognito().send(new SetUserMFAPreferenceCommand({
      AccessToken: user.accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }));
    expect((await complete(user, code)).body.error.code).toBe('authenticator_required');
    await noAdminAccess(user);

    const stranger = await createUser('student');
    expect((await complete(stranger, code)).status).toBe(404);
  });

  it('locks the grant after five wrong codes; a new grant gives a new code and starts over', async () => {
    const user = await createUser('admin');
    const first = await grantByDemoAdmin(user.userId);
    await enableTotp(cognito(), user.accessToken);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await complete(user, 'AAAA-BBBB-CCCC-DDDD'));
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 429]);
    expect(answers[0]!.body.error.message).toContain('4 tries left');
    expect((await complete(user, first)).body.error.code).toBe('grant_locked');
    expect((await api('/api/me', { token: user.accessToken })).body.adminEnrolment).toBeUndefined();

    const second = await grantByDemoAdmin(user.userId);
    expect(second).not.toBe(first);
    expect((await complete(user, first)).body.error.code).toBe('wrong_enrolment_code');
    expect((await complete(user, second)).status).toBe(200);
  });

  it('a revoked grant cannot be completed; revoking twice says there is nothing to revoke', async () => {
    const user = await createUser('admin');
    const code = codeFrom((await grantCli(user.email)).stdout);
    const { stdout } = await grantCli('--revoke', user.email);
    expect(stdout).toContain('withdrawn');
    await enableTotp(cognito(), user.accessToken);
    expect((await complete(user, code)).body.error.code).toBe('grant_revoked');
    expect((await api('/api/me', { token: user.accessToken })).body.adminEnrolment).toBeUndefined();
    await noAdminAccess(user);
    await expect(grantCli('--revoke', user.email)).rejects.toMatchObject({ stderr: expect.stringContaining('No admin grant is waiting') });
  });

  it('refuses to grant an e-mail with no account, or an account that already is a super admin', async () => {
    await expect(grantCli('nobody-here@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('No account with the e-mail nobody-here@example.com'),
    });
    const admin = await signInDemoAdmin();
    const demo = decodeJwt(admin.accessToken).sub as string;
    const again = await api(`/api/admin/users/${demo}/grant-super-admin`, { method: 'POST', token: admin.accessToken });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'already_super_admin' } } });
  });
});
