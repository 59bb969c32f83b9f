/**
 * Per-IP limits on the local gateway: the same table (infra/aws/rate-limits.ts) and answer as the
 * AWS WAF rules. Each test stands for a client address of its own (x-alp-client-ip, honoured
 * only locally), so the real limits apply without touching the rest of the suite (127.0.0.1).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOKING_RATE_LIMIT } from '../../functions/bookings/catalog.js';
import { IP_RATE_LIMITS } from '../../infra/aws/rate-limits.js';
import { api, baseUrl, createUser } from '../support/api.js';

const limitOf = (name: string) => {
  const limit = IP_RATE_LIMITS.find((l) => l.name === name);
  if (!limit) throw new Error(`no limit ${name}`);
  return limit;
};

/** A documentation address (RFC 5737) no other test uses. */
const freshAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 6)}`;

describe('per-IP limits on the local gateway (as WAF on AWS)', () => {
  it(`sign-up: N attempts from one address are answered, the N+1st is 429 with Retry-After; another address still gets in`, async () => {
    const { limit, windowSeconds } = limitOf('api-sign-up');
    const address = freshAddress();
    // Invalid bodies: counted like any request (WAF counts before the API sees them), nothing is created.
    const attempt = (from: string) => api('/api/auth/sign-up', { method: 'POST', body: {}, headers: { 'x-alp-client-ip': from } });
    for (let i = 0; i < limit; i += 1) {
      const res = await attempt(address);
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const refused = await attempt(address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/Too many requests/) } });
    expect((refused.body as { error: { messageSw: string } }).error.messageSw).toMatch(/Maombi mengi/);

    expect((await attempt(freshAddress())).status).toBe(400);
    // Other routes of the same address are under their own (higher) limits.
    expect((await api('/api/exam-packs', { headers: { 'x-alp-client-ip': address } })).status).toBe(200);
  });

  it('Cognito one-time codes called directly: limited per address like the user pool\'s web ACL', async () => {
    const { limit } = limitOf('cognito-codes');
    const address = freshAddress();
    const forgotPassword = () => fetch(`${baseUrl()}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
        'x-alp-client-ip': address,
      },
      // A client id that does not exist: the emulator refuses each, nothing is sent.
      body: JSON.stringify({ ClientId: 'no-such-client', Username: 'x@example.com' }),
    });
    for (let i = 0; i < limit; i += 1) expect((await forgotPassword()).status, `call ${i + 1}`).not.toBe(429);
    const refused = await forgotPassword();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('per-user limits in the API (where WAF cannot see the account)', () => {
  it('bookings: a student\'s N+1st booking attempt within the window is 429 with Retry-After and the EN/SW text; another student is unaffected', async () => {
    const [student, other] = await Promise.all([createUser('student'), createUser('student')]);
    // Bodies that name no tutor: counted (the limit is checked before the booking), nothing is held.
    const attempt = (token: string) => api('/api/bookings', { method: 'POST', token, body: {} });
    for (let i = 0; i < BOOKING_RATE_LIMIT.limit; i += 1) expect((await attempt(student.accessToken)).status, `attempt ${i + 1}`).toBe(400);
    const refused = await attempt(student.accessToken);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(BOOKING_RATE_LIMIT.windowSeconds);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/too often/) } });
    const sw = await api('/api/bookings', { method: 'POST', token: student.accessToken, body: {}, headers: { 'accept-language': 'sw' } });
    expect(sw.body).toMatchObject({ error: { message: expect.stringMatching(/mara nyingi mno/) } });
    expect((await attempt(other.accessToken)).status).toBe(400);
  });
});
