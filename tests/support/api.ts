/** Helpers for system tests: HTTP calls through the local gateway, and real Cognito users. */
import { randomUUID } from 'node:crypto';
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import type { AccountType } from '../../functions/auth/contract.js';
import { routeCall, type RequestArgs, type RouteName, type RouteResponse } from '../../functions/client.js';
import type { ErrorResponse } from '../../functions/shared/contract.js';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { cognitoFor, signInWithPassword } from './mfa.js';

export const stack = () => inject('stack');
export const baseUrl = () => stack().url;

export const cognito = () => cognitoFor(stack().resources);

export interface ApiResponse<T = unknown> { status: number; body: T; headers: Headers }

export async function api<T = any>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined || init.rawBody !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** A route's answer: `body` typed as its success answer, `error` the refusal when there was one. */
export interface RouteAnswer<T> extends ApiResponse<T> { error?: ErrorResponse['error'] }

/**
 * Calls route `name` as the SPA does (functions/client.ts): `callApi('getTutor', { params: { tutorId } })`;
 * `token` for signed-in routes. Answers whatever the API said; `expectOk` wants a success.
 */
export async function callApi<N extends RouteName>(
  name: N, ...[request]: RequestArgs<N, { token?: string }>
): Promise<RouteAnswer<RouteResponse<N>>> {
  const { method, url, body } = routeCall(name, request);
  const res = await api<RouteResponse<N>>(url, { method, body, token: request?.token });
  const refusal = res.status >= 400 ? (res.body as Partial<ErrorResponse> | null)?.error : undefined;
  return refusal ? { ...res, error: refusal } : res;
}

/** The success answer of a call, or an Error naming the route, status and refusal. */
export async function expectOk<T>(call: Promise<RouteAnswer<T>>, what: string): Promise<T> {
  const res = await call;
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** Password sign-in; `totpSecret` answers the two-step challenge of a user who has it on. */
export async function signIn(email: string, password: string, totpSecret?: string) {
  return signInWithPassword(cognito(), stack().resources.userPoolClientId, email, password, totpSecret);
}

/** The demo super admin; global setup has set up its authenticator app (TOTP secret in `adminTotpSecret`). */
export const signInDemoAdmin = () => signIn(demoAccounts.admin.email, DEMO_PASSWORD, inject('adminTotpSecret'));

/** An adult's year of birth, which a student signing up alone must give (under 18 they would wait for a parent). */
export const ADULT_BIRTH_YEAR = 2000;

/** Signs up through the API (a student as an adult), confirms the e-mail the way a user does, and signs in. */
export async function createUser(accountType: AccountType, overrides: { firstName?: string; phone?: string } = {}): Promise<TestUser> {
  const email = uniqueEmail(accountType);
  const password = 'secret-pass-1';
  const { userId } = await expectOk(callApi('signUp', {
    body: {
      accountType, firstName: overrides.firstName ?? 'Test', lastName: 'User', email, password,
      ...(overrides.phone ? { phone: overrides.phone } : {}), ...(accountType === 'student' ? { birthYear: ADULT_BIRTH_YEAR } : {}),
    },
  }), 'sign-up');
  await cognito().send(new ConfirmSignUpCommand({
    ClientId: stack().resources.userPoolClientId, Username: email, ConfirmationCode: '123456',
  }));
  return { email, password, userId, ...(await signIn(email, password)) };
}

export const decodeJwt = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** E-mails the emulator's SES has accepted (moto's inspection API). */
export async function sentEmails(): Promise<Array<{ destinations: { ToAddresses: string[] }; subject: string; body: string }>> {
  const res = await fetch(`${stack().resources.endpoint}/moto-api/data.json`);
  const data = await res.json() as { ses?: { Message?: any[] } };
  return data.ses?.Message ?? [];
}

export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
