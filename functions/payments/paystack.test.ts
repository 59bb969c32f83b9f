/**
 * The Paystack adapter on its own: signatures, request shape and answer parsing, with a fake
 * fetch that answers what Paystack documents (the local sandbox is exercised end to end in
 * tests/integration/paystack-sandbox.test.ts).
 */
import type * as nodeCrypto from 'node:crypto';
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

const { timingSafeEqualSpy } = vi.hoisted(() => ({ timingSafeEqualSpy: vi.fn() }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof nodeCrypto>();
  timingSafeEqualSpy.mockImplementation(original.timingSafeEqual);
  return { ...original, timingSafeEqual: timingSafeEqualSpy };
});
import { secretSource, type ParameterReader } from '../shared/secrets.js';
import {
  initializeBody, isValidPaystackSignature, PAYSTACK_SECRET, PaystackError, paystackProvider, paystackSignature,
  toProviderTransaction,
} from './paystack.js';
import type { InitializePayment } from './provider.js';

const secretKeySource = (env: NodeJS.ProcessEnv, read: ParameterReader) => secretSource(PAYSTACK_SECRET, env, read);

const KEY = 'sk_test_unit_0123456789abcdef';
const BASE = 'https://paystack.example';

const payment: InitializePayment = {
  reference: 'alp-bk-01HZX3-1',
  email: 'student@demo.alp.test',
  amountMinor: 150000,
  currency: 'KES',
  callbackUrl: 'http://localhost:3000/payment-callback',
  channels: ['card', 'mobile_money'],
  metadata: { bookingId: 'bk_1', studentId: 'u_1' },
};

/** Paystack's verify `data` (trimmed to a realistic subset of what it sends). */
function verifyData(overrides: Record<string, unknown> = {}) {
  return {
    id: 4099260516, domain: 'test', status: 'success', reference: payment.reference, receipt_number: null, amount: 150000,
    message: null, gateway_response: 'Successful', paid_at: '2026-11-02T09:15:02.000Z', created_at: '2026-11-02T09:14:24.000Z',
    channel: 'mobile_money', currency: 'KES', ip_address: '197.248.1.1', metadata: { bookingId: 'bk_1' }, log: null, fees: 2250,
    authorization: { authorization_code: 'AUTH_x', channel: 'mobile_money', bank: 'M-PESA', country_code: 'KE', reusable: false },
    customer: { id: 1, email: payment.email, customer_code: 'CUS_x' },
    ...overrides,
  };
}

interface Call { url: string; init: RequestInit }

function fakeFetch(...answers: Array<{ status: number; body: unknown } | Error>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function provider(fetchImpl: typeof fetch, key: () => Promise<string> = async () => KEY) {
  return paystackProvider({ baseUrl: BASE, secretKey: key, fetch: fetchImpl });
}

describe('isValidWebhookSignature (x-paystack-signature)', () => {
  const body = JSON.stringify({ event: 'charge.success', data: { reference: 'r1', amount: 150000 } });
  const good = createHmac('sha512', KEY).update(body).digest('hex');

  it('accepts the hex HMAC-SHA512 of the raw body keyed with the secret key', async () => {
    expect(paystackSignature(body, KEY)).toBe(good);
    expect(await provider(fakeFetch().fetch).isValidWebhookSignature(body, good)).toBe(true);
    expect(isValidPaystackSignature(body, good.toUpperCase(), KEY)).toBe(true); // hex is case-insensitive
  });

  it('rejects another key, a changed body (even whitespace) and a truncated or padded signature', () => {
    expect(isValidPaystackSignature(body, createHmac('sha512', 'sk_test_other').update(body).digest('hex'), KEY)).toBe(false);
    expect(isValidPaystackSignature(body.replace('150000', '150001'), good, KEY)).toBe(false);
    expect(isValidPaystackSignature(JSON.stringify(JSON.parse(body), null, 1), good, KEY)).toBe(false);
    expect(isValidPaystackSignature(body, good.slice(0, -2), KEY)).toBe(false);
    expect(isValidPaystackSignature(body, `${good}00`, KEY)).toBe(false);
  });

  it('rejects a missing, empty, non-hex or SHA-256-sized header without throwing', () => {
    for (const bad of [undefined, '', 'not-a-signature', 'z'.repeat(128), createHmac('sha256', KEY).update(body).digest('hex'), ` ${good}`]) {
      expect(isValidPaystackSignature(body, bad, KEY), String(bad)).toBe(false);
    }
  });

  it('compares in constant time: crypto.timingSafeEqual on the two 64-byte digests, match or not', () => {
    timingSafeEqualSpy.mockClear();
    expect(isValidPaystackSignature(body, good, KEY)).toBe(true);
    const wrong = `${good.slice(0, 127)}${good.endsWith('0') ? '1' : '0'}`; // differs in the last character only
    expect(isValidPaystackSignature(body, wrong, KEY)).toBe(false);
    expect(timingSafeEqualSpy).toHaveBeenCalledTimes(2);
    for (const [a, b] of timingSafeEqualSpy.mock.calls) {
      expect((a as Buffer).length).toBe(64);
      expect((b as Buffer).length).toBe(64);
    }
  });
});

describe('initialize', () => {
  it('sends Paystack\'s documented body: subunits, KES, reference, callback_url, channels, stringified metadata', async () => {
    const { fetch, calls } = fakeFetch({
      status: 200,
      body: { status: true, message: 'Authorization URL created', data: { authorization_url: 'https://checkout.paystack.com/0peioxfhpn', access_code: '0peioxfhpn', reference: payment.reference } },
    });
    const result = await provider(fetch).initialize(payment);
    expect(result).toEqual({ authorizationUrl: 'https://checkout.paystack.com/0peioxfhpn', accessCode: '0peioxfhpn' });

    const [call] = calls;
    expect(call!.url).toBe(`${BASE}/transaction/initialize`);
    expect(call!.init.method).toBe('POST');
    const headers = call!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(headers['content-type']).toBe('application/json');
    expect(call!.init.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(String(call!.init.body))).toEqual({
      email: payment.email,
      amount: '150000',
      currency: 'KES',
      reference: payment.reference,
      callback_url: payment.callbackUrl,
      channels: ['card', 'mobile_money'],
      metadata: JSON.stringify(payment.metadata),
    });
  });

  it('refuses a non-integer or non-positive amount before calling Paystack', () => {
    for (const amountMinor of [0, -100, 1500.5, Number.NaN]) {
      expect(() => initializeBody({ ...payment, amountMinor }), String(amountMinor)).toThrow(RangeError);
    }
  });

  it('turns Paystack\'s refusals into PaystackError with status and message, and never leaks the key', async () => {
    const cases = [
      { status: 401, body: { status: false, message: 'Invalid key' }, retryable: false },
      { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' }, retryable: false },
      { status: 503, body: { status: false, message: 'Service unavailable' }, retryable: true },
      { status: 429, body: { status: false, message: 'Please wait a few minutes and try again.' }, retryable: true },
    ];
    for (const answer of cases) {
      const error = await provider(fakeFetch(answer).fetch).initialize(payment).catch((e: unknown) => e);
      expect(error, answer.body.message).toBeInstanceOf(PaystackError);
      expect(error).toMatchObject({ httpStatus: answer.status, providerMessage: answer.body.message, retryable: answer.retryable });
      expect((error as Error).message).toContain(answer.body.message);
      expect((error as Error).message).not.toContain(KEY);
    }
  });

  it('reports a timeout or network failure as retryable, and an HTML error page as not Paystack', async () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const timedOut = await provider(fakeFetch(timeout).fetch).initialize(payment).catch((e: unknown) => e);
    expect(timedOut).toMatchObject({ name: 'PaystackError', retryable: true, httpStatus: undefined });
    expect((timedOut as Error).message).toMatch(/no answer within 8 s/);

    const refused = await provider(fakeFetch(new TypeError('fetch failed')).fetch).initialize(payment).catch((e: unknown) => e);
    expect(refused).toMatchObject({ retryable: true });

    const html = await provider(fakeFetch({ status: 502, body: '<html>Bad gateway</html>' }).fetch).initialize(payment).catch((e: unknown) => e);
    expect(html).toMatchObject({ httpStatus: 502, retryable: true });
  });

  it('really times out a Paystack that never answers', async () => {
    const hanging = ((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
    })) as unknown as typeof fetch;
    const slow = paystackProvider({ baseUrl: BASE, secretKey: async () => KEY, fetch: hanging, timeoutMs: 50 });
    await expect(slow.initialize(payment)).rejects.toMatchObject({ name: 'PaystackError', retryable: true });
  });
});

describe('verify', () => {
  it('asks GET /transaction/verify/{reference} (URL-encoded) with the Bearer key', async () => {
    const { fetch, calls } = fakeFetch({ status: 200, body: { status: true, message: 'Verification successful', data: verifyData({ reference: 'a/b c' }) } });
    await provider(fetch).verify('a/b c');
    expect(calls[0]!.url).toBe(`${BASE}/transaction/verify/a%2Fb%20c`);
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(`Bearer ${KEY}`);
  });

  it('parses a successful transaction (data.status, not the envelope status, says whether money was taken)', async () => {
    const { fetch } = fakeFetch({ status: 200, body: { status: true, message: 'Verification successful', data: verifyData() } });
    expect(await provider(fetch).verify(payment.reference)).toEqual({
      reference: payment.reference,
      status: 'success',
      amountMinor: 150000,
      currency: 'KES',
      channel: 'mobile_money',
      paidAt: '2026-11-02T09:15:02.000Z',
      gatewayResponse: 'Successful',
    });
  });

  it('parses failed and abandoned transactions (200 from Paystack, paid_at null)', async () => {
    const failed = fakeFetch({ status: 200, body: { status: true, message: 'Verification successful', data: verifyData({ status: 'failed', gateway_response: 'Declined', paid_at: null, channel: 'card' }) } });
    expect(await provider(failed.fetch).verify(payment.reference)).toEqual({
      reference: payment.reference, status: 'failed', amountMinor: 150000, currency: 'KES', channel: 'card', gatewayResponse: 'Declined',
    });
    const abandoned = fakeFetch({ status: 200, body: { status: true, message: 'Verification successful', data: verifyData({ status: 'abandoned', gateway_response: 'The transaction was not completed', paid_at: null }) } });
    expect(await provider(abandoned.fetch).verify(payment.reference)).toMatchObject({ status: 'abandoned' });
  });

  it('returns null for Paystack\'s "Transaction reference not found" (404, and the older 400 form)', async () => {
    for (const status of [404, 400]) {
      const { fetch } = fakeFetch({ status, body: { status: false, message: 'Transaction reference not found' } });
      expect(await provider(fetch).verify('nope'), String(status)).toBeNull();
    }
  });

  it('throws for other refusals (bad key, other 400s) instead of pretending the transaction is unknown', async () => {
    const badKey = fakeFetch({ status: 401, body: { status: false, message: 'Invalid key' } });
    await expect(provider(badKey.fetch).verify('r')).rejects.toMatchObject({ httpStatus: 401, providerMessage: 'Invalid key' });
    const other = fakeFetch({ status: 400, body: { status: false, message: 'Transaction ID should be numeric.' } });
    await expect(provider(other.fetch).verify('r')).rejects.toBeInstanceOf(PaystackError);
  });

  it('refuses a transaction it cannot read (unknown status, missing amount)', () => {
    expect(() => toProviderTransaction(verifyData({ status: 'paid' }))).toThrow(/unknown transaction status "paid"/);
    expect(() => toProviderTransaction(verifyData({ amount: undefined }))).toThrow(/amount/);
    expect(() => toProviderTransaction(verifyData({ amount: 1500.5 }))).toThrow(PaystackError);
  });
});

describe('secret key source', () => {
  it('uses PAYSTACK_SECRET_KEY when set (local sandbox, tests)', async () => {
    const read = vi.fn();
    const source = secretKeySource({ PAYSTACK_SECRET_KEY: KEY, PAYSTACK_SECRET_PARAMETER: '/alp/x/paystack/secret-key' }, read);
    expect(await source()).toBe(KEY);
    expect(source.refreshable).toBe(false);
    expect(read).not.toHaveBeenCalled();
  });

  it('reads the SSM SecureString named by PAYSTACK_SECRET_PARAMETER, decrypted, cached five minutes', async () => {
    const read = vi.fn(async () => ` ${KEY}\n`);
    const source = secretKeySource({ PAYSTACK_SECRET_PARAMETER: '/alp/prod/paystack/secret-key' }, read);
    expect(await source()).toBe(KEY);
    expect(read).toHaveBeenCalledWith('/alp/prod/paystack/secret-key', { maxAge: 300, forceFetch: false });
    await source({ forceFetch: true });
    expect(read).toHaveBeenLastCalledWith('/alp/prod/paystack/secret-key', { maxAge: 300, forceFetch: true });
    expect(source.refreshable).toBe(true);
  });

  it('says clearly what is missing: no configuration, an empty parameter, an unreadable parameter', async () => {
    await expect(secretKeySource({}, vi.fn())()).rejects.toThrow(/PAYSTACK_SECRET_PARAMETER/);
    await expect(secretKeySource({ PAYSTACK_SECRET_PARAMETER: '/p' }, async () => '  ')()).rejects.toThrow(/\/p is empty/);
    const denied = async () => { throw new Error('User is not authorized to perform: ssm:GetParameter'); };
    await expect(secretKeySource({ PAYSTACK_SECRET_PARAMETER: '/p' }, denied)()).rejects.toThrow(/Could not read .* \/p: User is not authorized/);
  });

  it('after a 401 with a key from SSM, fetches the key again once and retries (a rolled key)', async () => {
    const keys = ['sk_test_old', 'sk_test_new'];
    const read = vi.fn(async (_name: string, { forceFetch }: { forceFetch: boolean }) => (forceFetch ? keys[1] : keys[0]));
    const source = secretKeySource({ PAYSTACK_SECRET_PARAMETER: '/alp/prod/paystack/secret-key' }, read);
    const { fetch, calls } = fakeFetch(
      { status: 401, body: { status: false, message: 'Invalid key' } },
      { status: 200, body: { status: true, message: 'Verification successful', data: verifyData() } },
    );
    const result = await paystackProvider({ baseUrl: BASE, secretKey: source, fetch }).verify(payment.reference);
    expect(result?.status).toBe('success');
    expect(calls.map((c) => (c.init.headers as Record<string, string>).authorization)).toEqual(['Bearer sk_test_old', 'Bearer sk_test_new']);
  });

  it('does not retry a 401 when the key is fixed by the environment', async () => {
    const { fetch, calls } = fakeFetch({ status: 401, body: { status: false, message: 'Invalid key' } });
    const source = secretKeySource({ PAYSTACK_SECRET_KEY: KEY }, vi.fn());
    await expect(paystackProvider({ baseUrl: BASE, secretKey: source, fetch }).verify('r')).rejects.toMatchObject({ httpStatus: 401 });
    expect(calls).toHaveLength(1);
  });
});

describe('base URL', () => {
  it('defaults to PAYSTACK_BASE_URL, then https://api.paystack.co', async () => {
    const answer = { status: 200, body: { status: true, message: 'Verification successful', data: verifyData() } };
    const local = fakeFetch(answer);
    vi.stubEnv('PAYSTACK_BASE_URL', 'http://127.0.0.1:4010/');
    try {
      await paystackProvider({ secretKey: async () => KEY, fetch: local.fetch }).verify('r1');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(local.calls[0]!.url).toBe('http://127.0.0.1:4010/transaction/verify/r1');

    const live = fakeFetch(answer);
    vi.stubEnv('PAYSTACK_BASE_URL', undefined);
    try {
      await paystackProvider({ secretKey: async () => KEY, fetch: live.fetch }).verify('r1');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(live.calls[0]!.url).toBe('https://api.paystack.co/transaction/verify/r1');
  });
});

describe('against the local sandbox (what initialize sends is what a Paystack-compatible server accepts)', () => {
  it('initialize → checkout URL; verify → abandoned, parsed into the port\'s shape', async () => {
    const { startPaystackSandbox } = await import('../../infra/local/sandboxes/paystack/server.js');
    const sandbox = await startPaystackSandbox({ port: 0, secretKey: KEY, webhookUrl: 'http://127.0.0.1:9/unused', log: () => {} });
    try {
      const adapter = paystackProvider({ baseUrl: sandbox.apiUrl, secretKey: async () => KEY });
      const { authorizationUrl, accessCode } = await adapter.initialize(payment);
      expect(authorizationUrl).toBe(`${sandbox.url}/checkout/${accessCode}`);
      const [stored] = sandbox.transactions();
      expect(stored).toMatchObject({
        reference: payment.reference, amount: 150000, currency: 'KES', email: payment.email,
        callbackUrl: payment.callbackUrl, channels: ['card', 'mobile_money'], metadata: payment.metadata,
      });
      expect(await adapter.verify(payment.reference)).toEqual({
        reference: payment.reference, status: 'abandoned', amountMinor: 150000, currency: 'KES', channel: 'card',
        gatewayResponse: 'The transaction was not completed',
      });
      expect(await adapter.verify('unknown-ref')).toBeNull();
    } finally {
      await sandbox.close();
    }
  });
});
