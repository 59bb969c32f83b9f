/**
 * Sign-up and new confirmation codes only through the API: Cognito called directly with the SPA's
 * public client id (from /config.json) is refused by the user pool's triggers, which the local
 * Cognito proxy runs as Cognito does (infra/local/gateway/cognito-triggers.ts).
 */
import { randomUUID } from 'node:crypto';
import { AdminConfirmSignUpCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { messages } from '../../functions/auth/contract.js';
import { RESEND_CODE_LIMIT } from '../../functions/auth/service.js';
import { IP_RATE_LIMITS } from '../../infra/aws/rate-limits.js';
import { api, baseUrl, cognito, stack, uniqueEmail } from '../support/api.js';

/** A documentation address (RFC 5737) of the test's own, so per-IP limits of other tests stay apart. */
const freshAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 6)}`;

async function cognitoCall(action: string, body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl()}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      'x-alp-client-ip': freshAddress(),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as { __type?: string; message?: string; CodeDeliveryDetails?: unknown } };
}

async function userExists(email: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: stack().resources.userPoolId, Username: email }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

const signUpBody = (email: string) => ({
  accountType: 'student', firstName: 'Wanjiru', lastName: 'Kamau', email, password: 'kahawa-tamu-42', birthYear: 2000,
});

const resend = (email: string, address = freshAddress(), headers: Record<string, string> = {}) =>
  api<{ message: string }>('/api/auth/resend-code', { method: 'POST', body: { email }, headers: { 'x-alp-client-ip': address, ...headers } });

describe('direct Cognito calls with the SPA\'s public client id', () => {
  it('SignUp is refused by the pre-sign-up trigger and creates no account', async () => {
    const email = uniqueEmail('direct');
    const res = await cognitoCall('SignUp', {
      ClientId: stack().resources.userPoolClientId, Username: email, Password: 'kahawa-tamu-42',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('UserLambdaValidationException');
    expect(res.body.message).toMatch(/^PreSignUp failed with error .*through the app/);
    expect(await userExists(email)).toBe(false);
  });

  it('SignUp with the server client\'s id but without its secret is refused too', async () => {
    const email = uniqueEmail('nosecret');
    const res = await cognitoCall('SignUp', {
      ClientId: stack().resources.userPoolServerClientId, Username: email, Password: 'kahawa-tamu-42',
    });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('NotAuthorizedException');
    expect(await userExists(email)).toBe(false);
  });

  it('ResendConfirmationCode for a waiting account is stopped by the custom-message trigger', async () => {
    const email = uniqueEmail('waiting');
    expect((await api('/api/auth/sign-up', { method: 'POST', body: signUpBody(email) })).status).toBe(201);
    const res = await cognitoCall('ResendConfirmationCode', { ClientId: stack().resources.userPoolClientId, Username: email });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('UserLambdaValidationException');
    expect(res.body.message).toMatch(/^CustomMessage failed with error/);
  });
});

describe('POST /api/auth/resend-code', () => {
  it('sign-up through the API still works, and a new code for the waiting account is sent', async () => {
    const email = uniqueEmail('resend');
    const signUp = await api('/api/auth/sign-up', { method: 'POST', body: signUpBody(email) });
    expect(signUp.status).toBe(201);
    expect(await userExists(email)).toBe(true);
    const res = await resend(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.codeResent);
  });

  it('answers an unknown address and a confirmed account exactly as a waiting one, in the language asked for', async () => {
    const confirmed = uniqueEmail('confirmed');
    expect((await api('/api/auth/sign-up', { method: 'POST', body: signUpBody(confirmed) })).status).toBe(201);
    await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: stack().resources.userPoolId, Username: confirmed }));
    const unknown = await resend(uniqueEmail('nobody'));
    const known = await resend(confirmed);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const sw = await resend(uniqueEmail('nobody'), freshAddress(), { 'accept-language': 'sw' });
    expect(sw.body.message).toMatch(/msimbo mpya/);
  });

  it('refuses a bad address with a clear message', async () => {
    const res = await api('/api/auth/resend-code', { method: 'POST', body: { email: 'not-an-email' }, headers: { 'x-alp-client-ip': freshAddress() } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(messages.invalidEmail);
  });

  it('a few codes per address: the next is 429 with Retry-After, whether or not the address has an account', async () => {
    const email = uniqueEmail('many');
    for (let i = 0; i < RESEND_CODE_LIMIT.limit; i += 1) expect((await resend(email)).status, `request ${i + 1}`).toBe(200);
    const refused = await resend(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(RESEND_CODE_LIMIT.windowSeconds);
  });

  it('per network address as WAF: the request past the limit is 429 with Retry-After, another address still gets an answer', async () => {
    const { limit, windowSeconds } = IP_RATE_LIMITS.find((l) => l.name === 'api-resend-code')!;
    const address = freshAddress();
    for (let i = 0; i < limit; i += 1) expect((await resend(uniqueEmail('ip'), address)).status, `request ${i + 1}`).toBe(200);
    const refused = await resend(uniqueEmail('ip'), address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect((await resend(uniqueEmail('ip'))).status).toBe(200);
  });
});
