import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { api, createUser, decodeJwt, signIn, stack } from '../support/api.js';

const run = promisify(execFile);

/** The documented command that creates the first super admin, run against the test stack. */
async function grantCli(email: string) {
  const port = new URL(stack().resources.endpoint).port;
  return run(process.execPath, ['--import', 'tsx', 'infra/scripts/grant-super-admin.ts', email], {
    env: {
      ...process.env, ALP_EMULATOR_PORT: port, AWS_ENDPOINT_URL: stack().resources.endpoint,
      AWS_ENDPOINT_URL_DYNAMODB: stack().resources.dynamodbEndpoint, ALP_STAGE: 'test',
    },
  });
}

describe('granting super admin (npm run admin:grant)', () => {
  it('turns a pending admin request into the super_admin role, in Cognito and in the profile', async () => {
    const user = await createUser('admin');
    expect((await api('/api/me', { token: user.accessToken })).body.profile.role).toBe('student');

    const { stdout } = await grantCli(user.email.toUpperCase());
    expect(stdout).toContain('is now a super admin');

    const fresh = await signIn(user.email, user.password);
    expect(decodeJwt(fresh.accessToken)['cognito:groups']).toEqual(['super_admin']);
    const me = await api('/api/me', { token: fresh.accessToken });
    expect(me.body.profile).toMatchObject({ role: 'super_admin', adminRequest: 'granted' });
  });

  it('refuses an e-mail with no account', async () => {
    await expect(grantCli('nobody-here@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('No account with the e-mail nobody-here@example.com'),
    });
  });
});
