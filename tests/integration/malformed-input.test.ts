/**
 * Hostile input from outside: broken percent-encoding in path parameters, lone UTF-16 surrogates
 * in text, and ids or references far longer than any real one. All must be refused as bad input
 * (400 with the error shape; a signed webhook acknowledged and ignored), never 500.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { kycMessages } from '../../functions/kyc/catalog.js';
import { routeList, type RouteDef } from '../../functions/routes.js';
import { badReferenceMessage } from '../../functions/shared/contract.js';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';
import { api, baseUrl, createUser, signInDemoAdmin, uniqueEmail } from '../support/api.js';
import { book, bookableTutor, freeStarts, postWebhook } from '../support/fixtures.js';

/** Malformed escapes: a truncated UTF-8 sequence, a non-hex escape, a lone '%', an encoded lone surrogate. */
const BROKEN = ['%C3', '%ZZ', '%', '%ED%A0%80'];

/** A body each POST route accepts, so only the path can be what is wrong. */
const validBodies: Partial<Record<string, unknown>> = {
  reviewKycDocument: { decision: 'approve' },
};

/** Every kind of caller the routes need, so a request reaches the handler: the token for a route's first role. */
async function callers(): Promise<(access: RouteDef['access']) => string | undefined> {
  const [student, parent, tutor, admin] = await Promise.all([
    createUser('student'), createUser('parent'), createUser('tutor'), signInDemoAdmin(),
  ]);
  const byRole: Record<string, string> = {
    student: student.accessToken, parent: parent.accessToken, tutor: tutor.accessToken, super_admin: admin.accessToken,
  };
  return (access) => {
    if (access === 'public') return undefined;
    return byRole[access === 'signed-in' ? 'student' : access[0]!] ?? student.accessToken;
  };
}

describe('path parameters with broken percent-encoding', () => {
  const withParams = routeList.filter((r) => r.path.includes('{'));

  it('are refused with 400 and the error shape on every route that has one', async () => {
    const tokenFor = await callers();
    expect(withParams.length).toBeGreaterThanOrEqual(6);
    for (const route of withParams) {
      // A per-user limit is shared by its group's routes (the M-Pesa prompts): a caller of its own per
      // such route, so one route's calls never use up another's allowance.
      const token = route.rateLimit?.per === 'user' && route.access !== 'public'
        ? (await createUser(route.access === 'signed-in' ? 'student' : route.access[0] as 'student' | 'parent' | 'tutor')).accessToken
        : tokenFor(route.access);
      for (const broken of BROKEN) {
        const path = route.path.replace(/\{\w+\}/g, broken);
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (validBodies[route.name] ?? {});
        const res = await api(path, { method: route.method, token, body });
        expect({ route: `${route.method} ${path}`, status: res.status, code: res.body?.error?.code })
          .toEqual({ route: `${route.method} ${path}`, status: 400, code: 'validation_failed' });
        expect(res.body.error.message).toEqual(expect.any(String));
      }
    }
  });

  it('outside the API, never break the gateway (a page path with a broken escape is an SPA route)', async () => {
    for (const broken of BROKEN) {
      const res = await fetch(`${baseUrl()}/tutor-profile/${broken}`);
      expect({ broken, status: res.status < 500 }).toEqual({ broken, status: true });
    }
  });

  it('still decode well-formed escapes', async () => {
    const tutor = await createUser('tutor');
    const encoded = encodeURIComponent(tutor.userId).replace(/-/g, '%2D');
    expect((await api(`/api/tutors/${encoded}`)).status).toBe(200);
  });
});

describe('text with a lone UTF-16 surrogate', () => {
  const LONE = ['\ud800', 'Ann\udfff', '\udc00\ud800'];

  it('is refused at sign-up with 400 and creates no account', async () => {
    for (const bad of LONE) {
      for (const field of ['firstName', 'lastName', 'country'] as const) {
        const email = uniqueEmail('surrogate');
        const res = await api('/api/auth/sign-up', {
          method: 'POST',
          body: { accountType: 'student', firstName: 'Amina', lastName: 'Odhiambo', country: 'Kenya', email, password: 'secret-pass-1', birthYear: 2000, [field]: bad },
        });
        expect({ field, status: res.status, code: res.body?.error?.code }).toEqual({ field, status: 400, code: 'validation_failed' });
        expect(res.body.error.details.fields).toEqual([expect.objectContaining({ path: field })]);
      }
    }
  });

  it('is refused in every free-text profile field with 400, and the profile is unchanged', async () => {
    const tutor = await createUser('tutor');
    const fields: Record<string, (bad: string) => unknown> = {
      firstName: (b) => b, lastName: (b) => `O${b}`, country: (b) => b, bio: (b) => `Hello ${b}`,
      teachingExperience: (b) => b, educationBackground: (b) => b, certifications: (b) => ['TSC', b],
    };
    for (const [field, value] of Object.entries(fields)) {
      const res = await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { [field]: value(LONE[0]!) } });
      expect({ field, status: res.status, code: res.body?.error?.code }).toEqual({ field, status: 400, code: 'validation_failed' });
    }
    const me = (await api('/api/me', { token: tutor.accessToken })).body.profile;
    expect(me).toMatchObject({ firstName: 'Test', lastName: 'User' });
    // Whole characters outside the BMP (a surrogate pair) are text like any other.
    const emoji = await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { bio: 'Maths 🚀 made easy' } });
    expect(emoji.status).toBe(200);
  });

  it('is refused in booking notes', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    const res = await book(student, tutor.userId, start!, 60, { notes: `Algebra ${LONE[0]}` });
    expect(res.status).toBe(400);
  });
});

describe('ids and references far longer than any the platform makes', () => {
  /** 100 KB: far over DynamoDB's 2 KB key limit. */
  const HUGE = 'a'.repeat(100_000);
  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    return { raw, signature: createHmac('sha512', LOCAL_PAYSTACK_SECRET_KEY).update(raw).digest('hex') };
  };

  it('are refused with 400 and a clear message in every body that names a record', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    const cases = [
      { path: '/api/bookings', user: student, body: { tutorId: HUGE, subject: 'Mathematics', start, durationMinutes: 60 }, message: badReferenceMessage('tutor id') },
      { path: '/api/payments/initialize', user: student, body: { bookingId: HUGE }, message: badReferenceMessage('booking id') },
      { path: '/api/payments/verify', user: student, body: { reference: HUGE }, message: badReferenceMessage('payment reference') },
      { path: '/api/kyc/documents', user: tutor, body: { documentType: 'id_card', key: `staging/kyc-document/${tutor.userId}/${HUGE}` }, message: kycMessages.chooseTypeAndFile },
    ];
    for (const { path, user, body, message } of cases) {
      const res = await api(path, { method: 'POST', token: user.accessToken, body });
      expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 400, code: 'validation_failed' });
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    // The student's bookings and the tutor's calendar are as they were.
    expect((await api('/api/bookings', { token: student.accessToken })).body.bookings).toEqual([]);
    expect(await freeStarts(tutor.userId)).toContain(start);
  });

  it('in a signed Paystack webhook are acknowledged (200, ignored) so Paystack stops retrying, never a 500', async () => {
    const bodies = [
      { event: 'charge.success', data: { reference: HUGE, status: 'success', amount: 150_000, currency: 'KES', channel: 'card', paid_at: new Date().toISOString() } },
      { event: 'refund.processed', data: { transaction_reference: HUGE, status: 'processed', amount: 150_000, currency: 'KES' } },
      { event: 'transfer.success', data: { reference: HUGE, status: 'success', amount: 150_000, transfer_code: 'TRF_1' } },
    ];
    for (const body of bodies) {
      const { raw, signature } = signed(body);
      const res = await postWebhook(raw, signature);
      expect({ event: body.event, status: res.status, body: res.body }).toEqual({ event: body.event, status: 200, body: { received: true, outcome: 'ignored' } });
    }
  });

  it('in a path parameter are refused with 400 on every route that has one', async () => {
    const tokenFor = await callers();
    // 3 KB: over DynamoDB's key limit, under the gateway's URL limit.
    const long = 'a'.repeat(3_000);
    for (const route of routeList.filter((r) => r.path.includes('{'))) {
      const path = route.path.replace(/\{\w+\}/g, long);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (validBodies[route.name] ?? {});
      const res = await api(path, { method: route.method, token: tokenFor(route.access), body });
      expect({ route: route.name, status: res.status, code: res.body?.error?.code }).toEqual({ route: route.name, status: 400, code: 'validation_failed' });
    }
  });
});
