import { AdminListGroupsForUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { messages } from '../../functions/auth/contract.js';
import { ACCESS_TOKEN_SCOPE } from '../../infra/aws/definitions.js';
import {
  api, cognito, createUser, decodeJwt, sentEmails, signIn, stack, uniqueEmail,
} from '../support/api.js';
import { waitUntilDone } from '../support/fixtures.js';
import { foreignKey, signToken } from '../support/tokens.js';

const signUpBody = (over: Record<string, unknown> = {}) => ({
  accountType: 'student', firstName: 'Achieng', lastName: 'Otieno', email: uniqueEmail('su'),
  password: 'secret-pass-1', phone: '+254 712 000 111', country: 'Kenya', birthYear: 2000, ...over,
});

async function groupsOf(email: string) {
  const out = await cognito().send(new AdminListGroupsForUserCommand({
    UserPoolId: stack().resources.userPoolId, Username: email,
  }));
  return (out.Groups ?? []).map((g) => g.GroupName);
}

describe('POST /api/auth/sign-up', () => {
  it('creates the Cognito user, its group and its profile together', async () => {
    const body = signUpBody({ accountType: 'tutor', email: uniqueEmail('Tutor').toUpperCase() });
    const res = await api('/api/auth/sign-up', { method: 'POST', body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'tutor', adminRequested: false, confirmationRequired: true });
    expect(res.body.message).toMatch(/KYC verification/);

    const email = (body.email as string).toLowerCase();
    expect(await groupsOf(email)).toEqual(['tutor']);
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: stack().resources.userPoolId, Username: email }));
    expect(user.UserStatus).toBe('UNCONFIRMED'); // the e-mail confirmation step is real

    const { accessToken } = await createUserSession(email, 'secret-pass-1');
    const me = await api('/api/me', { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({
      id: res.body.userId, role: 'tutor', accountType: 'tutor', email, firstName: 'Achieng',
      lastName: 'Otieno', country: 'Kenya', kycStatus: 'pending', timeZone: 'Africa/Nairobi',
    });
  });

  it('makes parents parents (group parent), who may still book and pay as students do', async () => {
    const body = signUpBody({ accountType: 'parent' });
    const res = await api('/api/auth/sign-up', { method: 'POST', body });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('parent');
    expect(await groupsOf(body.email as string)).toEqual(['parent']);
    const { accessToken } = await createUserSession(body.email as string, body.password as string);
    const me = await api('/api/me', { token: accessToken });
    expect(me.body.profile).toMatchObject({ role: 'parent', accountType: 'parent' });
    // A route of students is a parent's too: here the request is refused for its body, not for the role.
    const booking = await api('/api/bookings', { method: 'POST', token: accessToken, body: {} });
    expect(booking.status).toBe(400);
  });

  it('does not grant admin to an "admin" sign-up: it records a pending request', async () => {
    const body = signUpBody({ accountType: 'admin' });
    const res = await api('/api/auth/sign-up', { method: 'POST', body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'student', adminRequested: true });
    expect(await groupsOf(body.email as string)).toEqual(['student']);

    const { accessToken } = await createUserSession(body.email as string, 'secret-pass-1');
    expect(decodeJwt(accessToken)['cognito:groups']).toEqual(['student']);
    const me = await api('/api/me', { token: accessToken });
    expect(me.body.profile).toMatchObject({ role: 'student', accountType: 'admin', adminRequest: 'pending' });
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const body = signUpBody();
    expect((await api('/api/auth/sign-up', { method: 'POST', body })).status).toBe(201);
    const again = await api('/api/auth/sign-up', {
      method: 'POST', body: { ...body, email: (body.email as string).toUpperCase(), accountType: 'tutor' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'email_taken', message: messages.emailTaken });
  });

  it('refuses a bad e-mail with the spec message', async () => {
    const res = await api('/api/auth/sign-up', { method: 'POST', body: signUpBody({ email: 'not-an-email' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please enter a valid email address.');
  });

  it('refuses a 7-character or a common password with its message (in Kiswahili when asked) and creates nothing', async () => {
    const body = signUpBody({ password: 'mango42' });
    const res = await api('/api/auth/sign-up', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Password must be at least 8 characters long');
    const common = await api('/api/auth/sign-up', { method: 'POST', body: { ...body, password: 'Password123' } });
    expect(common.status).toBe(400);
    expect(common.body.error.message).toBe('This password is too common. Choose another.');
    const commonSw = await api('/api/auth/sign-up', {
      method: 'POST', body: { ...body, password: 'qwerty123' }, headers: { 'accept-language': 'sw' },
    });
    expect(commonSw.status).toBe(400);
    expect(commonSw.body.error.message).toBe('Nenosiri hili ni la kawaida mno. Chagua jingine.');
    const retry = await api('/api/auth/sign-up', { method: 'POST', body: { ...body, password: 'mango-42' } });
    expect(retry.status).toBe(201);
  });

  it('refuses a student without a year of birth (in Kiswahili when asked) and creates nothing; a parent gives none', async () => {
    const { birthYear: _none, ...body } = signUpBody();
    const res = await api('/api/auth/sign-up', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please enter your year of birth');
    expect(res.body.error.details.fields).toEqual([{ path: 'birthYear', message: 'Please enter your year of birth' }]);
    const sw = await api('/api/auth/sign-up', { method: 'POST', body, headers: { 'accept-language': 'sw' } });
    expect(sw.status).toBe(400);
    expect(sw.body.error.message).toBe('Tafadhali weka mwaka wako wa kuzaliwa');
    // Nothing was half-made: the same e-mail signs up once the year is given.
    expect((await api('/api/auth/sign-up', { method: 'POST', body: { ...body, birthYear: 2000 } })).status).toBe(201);
    const { birthYear: _parentNone, ...parent } = signUpBody({ accountType: 'parent' });
    expect((await api('/api/auth/sign-up', { method: 'POST', body: parent })).status).toBe(201);
  });

  it('lists every missing field for forms', async () => {
    const res = await api('/api/auth/sign-up', { method: 'POST', body: { accountType: 'student' } });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'password']));
  });

  it('answers malformed JSON with 400', async () => {
    const res = await api('/api/auth/sign-up', { method: 'POST', rawBody: '{"accountType":' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Request body must be valid JSON');
  });

  it('sends the welcome e-mail through the UserSignedUp event consumer', async () => {
    const body = signUpBody({ accountType: 'tutor' });
    const { body: created } = await api('/api/auth/sign-up', { method: 'POST', body });
    await waitUntilDone(`welcome#${created.userId}`);
    const mail = (await sentEmails()).find((m) => m.destinations.ToAddresses.includes(body.email as string))!;
    expect(mail.subject).toBe("Welcome to Africa's Learning Platform");
    expect(mail.body).toContain('verify your identity (KYC)');
  });
});

async function createUserSession(email: string, password: string) {
  const { ConfirmSignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  await cognito().send(new ConfirmSignUpCommand({
    ClientId: stack().resources.userPoolClientId, Username: email, ConfirmationCode: '000000',
  }));
  return signIn(email, password);
}

describe('sign-in (Cognito, as the SPA does it locally)', () => {
  it('fails with a wrong password', async () => {
    const user = await createUser('student');
    await expect(signIn(user.email, 'wrong-password')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('GET /api/me and route protection', () => {
  it('needs a token (401 as API Gateway answers)', async () => {
    const res = await api('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('refuses a tampered token', async () => {
    const user = await createUser('student');
    const [h, , s] = user.accessToken.split('.');
    const payload = { ...decodeJwt(user.accessToken), 'cognito:groups': ['super_admin'] };
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect((await api('/api/me', { token: forged })).status).toBe(401);
  });

  it('refuses a token signed by another key', async () => {
    const user = await createUser('student');
    const token = await signToken(decodeJwt(user.accessToken), foreignKey());
    expect((await api('/api/me', { token })).status).toBe(401);
  });

  it('refuses an expired token even when correctly signed', async () => {
    const user = await createUser('student');
    const claims = decodeJwt(user.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const valid = await signToken({ ...claims, iat: now - 60, exp: now + 600 });
    expect((await api('/api/me', { token: valid })).status).toBe(200); // the signing itself is right
    const expired = await signToken({ ...claims, iat: now - 7200, exp: now - 3600 });
    expect((await api('/api/me', { token: expired })).status).toBe(401);
  });

  it('refuses an ID token where an access token is required, on every kind of signed-in route', async () => {
    const user = await createUser('student');
    expect(decodeJwt(user.idToken).token_use).toBe('id');
    expect((await api('/api/me', { token: user.idToken })).status).toBe(401);
    expect((await api('/api/bookings', { token: user.idToken })).status).toBe(401);
    expect((await api('/api/admin/stats', { token: user.idToken })).status).toBe(401);
  });

  it('requires the access-token scope, as API Gateway does on AWS (infra/aws/constructs/api.ts)', async () => {
    const user = await createUser('student');
    const { scope, ...claims } = decodeJwt(user.accessToken);
    expect(scope).toBe(ACCESS_TOKEN_SCOPE);
    const now = Math.floor(Date.now() / 1000);
    const withScope = await signToken({ ...claims, scope, iat: now - 60, exp: now + 600 });
    expect((await api('/api/me', { token: withScope })).status).toBe(200);
    const withoutScope = await signToken({ ...claims, iat: now - 60, exp: now + 600 });
    expect((await api('/api/me', { token: withoutScope })).status).toBe(401);
  });

  it('forbids a student from a tutor-only route and lets the tutor in', async () => {
    const student = await createUser('student');
    const denied = await api('/api/me/availability', { token: student.accessToken });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('forbidden');

    const tutor = await createUser('tutor');
    const allowed = await api('/api/me/availability', { token: tutor.accessToken });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ slots: [], timeZone: 'Africa/Nairobi' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await api('/api/nowhere');
    expect(res.status).toBe(404);
  });
});

describe('local Cognito proxy', () => {
  it('serves the runtime config the SPA needs', async () => {
    const res = await api('/config.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      environment: 'local', authFlowType: 'USER_PASSWORD_AUTH',
      userPoolId: stack().resources.userPoolId, userPoolClientId: stack().resources.userPoolClientId,
    });
    expect(res.body.cognitoEndpoint).toMatch(/\/cognito$/);
  });

  it("answers Amplify's GetTokensFromRefreshToken with fresh, usable tokens", async () => {
    const user = await createUser('student');
    const res = await fetch(`${stack().url}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ RefreshToken: user.refreshToken, ClientId: stack().resources.userPoolClientId }),
    });
    expect(res.status).toBe(200);
    const out = await res.json() as { AuthenticationResult: { AccessToken: string; IdToken: string } };
    expect(out.AuthenticationResult.AccessToken).not.toBe(user.accessToken);
    const me = await api('/api/me', { token: out.AuthenticationResult.AccessToken });
    expect(me.status).toBe(200);
    expect(me.body.profile.id).toBe(user.userId);
  });

  it('passes other Cognito calls through (a wrong password still fails)', async () => {
    const user = await createUser('student');
    const res = await fetch(`${stack().url}/cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack().resources.userPoolClientId,
        AuthParameters: { USERNAME: user.email, PASSWORD: 'nope-nope' },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('NotAuthorizedException');
  });
});
