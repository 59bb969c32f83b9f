import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiErrorFrom, callApi, reasonOf, setAccessTokenProvider, shouldRetry } from './api';
import apiTexts from './messages/i18n/en.json';

const NOT_AUTHENTICATED = apiTexts.notAuthenticated;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenProvider(async () => undefined);
});

describe('apiErrorFrom', () => {
  it('keeps the API error code and message', () => {
    const error = apiErrorFrom(409, { error: { code: 'email_taken', message: 'An account with this email already exists.' } });
    expect(error).toMatchObject({ status: 409, code: 'email_taken', message: 'An account with this email already exists.', fromServer: true });
  });

  it('turns any 401 into "Not authenticated", whatever the body', () => {
    for (const body of [{ message: 'Unauthorized' }, { error: { code: 'not_authenticated', message: 'Not authenticated' } }, undefined]) {
      expect(apiErrorFrom(401, body)).toMatchObject({ status: 401, message: NOT_AUTHENTICATED, isUnauthenticated: true });
    }
  });

  it('keeps per-field problems of a validation failure', () => {
    const error = apiErrorFrom(400, {
      error: {
        code: 'validation_failed',
        message: 'Hourly rate must be a number',
        details: { fields: [{ path: 'hourlyRate', message: 'Hourly rate must be a number' }, { path: ['levels', 1], message: 'Choose level from the list' }, { junk: true }] },
      },
    });
    expect(error.fields).toEqual([
      { path: 'hourlyRate', message: 'Hourly rate must be a number' },
      { path: 'levels.1', message: 'Choose level from the list' },
    ]);
    expect(apiErrorFrom(400, { error: { code: 'x', message: 'y' } }).fields).toEqual([]);
  });

  it('gives a reason to append to "Failed to …:" texts', () => {
    expect(reasonOf(apiErrorFrom(409, { error: { code: 'overlap', message: 'Overlaps Monday 09:00–11:00' } }))).toBe('Overlaps Monday 09:00–11:00');
    expect(reasonOf(apiErrorFrom(502, { message: 'Bad Gateway' }))).toBe('Please try again later.');
    expect(reasonOf(new ApiError(0, 'network_error', 'Network error. Please check your connection and try again.'))).toMatch(/Network error/);
    expect(reasonOf(apiErrorFrom(401, undefined))).toBe(NOT_AUTHENTICATED);
  });

  it("does not show API Gateway's own bodies as product messages", () => {
    expect(apiErrorFrom(403, { message: 'Forbidden' })).toMatchObject({ status: 403, fromServer: false });
    expect(apiErrorFrom(500, 'not json')).toMatchObject({ status: 500, fromServer: false });
  });
});

describe('shouldRetry (3 retries)', () => {
  it('retries network and server errors up to 3 times', () => {
    const offline = new ApiError(0, 'network_error', 'x');
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'http_error', 'x'))).toBe(true);
    expect(shouldRetry(3, offline)).toBe(false);
    expect(shouldRetry(1, new Error('x'))).toBe(true);
  });

  it('never retries a definitive 4xx', () => {
    expect(shouldRetry(0, new ApiError(401, 'not_authenticated', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
  });
});

describe('api()', () => {
  it('sends the access token as a Bearer header on signed-in calls', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { profile: { role: 'tutor' } }));
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenProvider(async () => 'access-token-123');

    await expect(api('/api/me', { auth: true })).resolves.toEqual({ profile: { role: 'tutor' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer access-token-123');
    // The API answers its texts in the SPA's language.
    expect((init?.headers as Record<string, string>)['accept-language']).toBe('en');
  });

  it('fails with 401 "Not authenticated" without a token, before any request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenProvider(async () => undefined);
    await expect(api('/api/me', { auth: true })).rejects.toMatchObject({ status: 401, message: NOT_AUTHENTICATED });
    setAccessTokenProvider(async () => {
      throw new Error('refresh failed');
    });
    await expect(api('/api/me', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts JSON without a token on public calls and surfaces API errors', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(409, { error: { code: 'email_taken', message: 'taken' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/api/auth/sign-up', { method: 'POST', body: { a: 1 } })).rejects.toMatchObject({
      status: 409,
      code: 'email_taken',
      message: 'taken',
    });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    await expect(api('/api/health')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('callApi(route name)', () => {
  const tutorId = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

  it('fills path parameters percent-encoded, from the route table, without a token on public routes', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { slots: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi('getTutorSlots', { params: { tutorId } })).resolves.toEqual({ slots: [] });
    setAccessTokenProvider(async () => 'admin-token');
    await callApi('resolvePaymentProblem', { params: { reference: 'ALP-1/2 x' }, body: { note: 'refunded' } });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      [`/api/tutors/${tutorId}/slots`, 'GET'],
      ['/api/admin/payment-problems/ALP-1%2F2%20x/resolve', 'POST'],
    ]);
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('writes the query without empty values and sends the token where the route needs one', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { users: [], pendingAdminRequests: [] }));
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenProvider(async () => 'admin-token');
    await callApi('adminUsers', { query: { limit: 20, q: '', cursor: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/users?limit=20');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer admin-token');
  });

  it('sends the body as JSON with the route\'s method', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { status: 'pending', message: 'x' }));
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenProvider(async () => 't');
    await callApi('verifyPayment', { body: { reference: 'ALP-1' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual(['/api/payments/verify', 'POST', '{"reference":"ALP-1"}']);
  });
});
