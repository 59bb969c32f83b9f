/**
 * The local Paystack sandbox end to end with the production adapter: the sandbox runs
 * in-process on a free port, a tiny node:http receiver plays the app's webhook endpoint, and
 * everything goes over real HTTP as it does between Lambda, Paystack and the payer's browser.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaystackError, paystackProvider } from '../../functions/payments/paystack.js';
import { PaystackWebhook, type InitializePayment } from '../../functions/payments/provider.js';
import { startPaystackSandbox, type PaystackSandbox } from '../../infra/local/sandboxes/paystack/server.js';

const KEY = 'sk_test_local_sandbox_integration_0000';
const CALLBACK = 'http://localhost:3999/payment-callback';

interface Received { headers: IncomingHttpHeaders; rawBody: string }

let sandbox: PaystackSandbox;
let receiver: Server;
let received: Received[] = [];
/** Statuses the receiver answers with, in order (then 200). */
let receiverAnswers: number[] = [];
const adapter = () => paystackProvider({ baseUrl: sandbox.apiUrl, secretKey: async () => KEY });

let counter = 0;
function payment(overrides: Partial<InitializePayment> = {}): InitializePayment {
  counter += 1;
  return {
    reference: `alp-it-${Date.now().toString(36)}-${counter}`,
    email: 'student@demo.alp.test',
    amountMinor: 150000,
    currency: 'KES',
    callbackUrl: CALLBACK,
    channels: ['card', 'mobile_money'],
    metadata: { bookingId: `bk_${counter}`, studentId: 'u_student' },
    ...overrides,
  };
}

async function checkout(authorizationUrl: string, form: Record<string, string>): Promise<Response> {
  return fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

function api(path: string, init: RequestInit = {}, key: string | null = KEY): Promise<Response> {
  return fetch(`${sandbox.apiUrl}${path}`, {
    ...init,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(receiverAnswers.shift() ?? 200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  sandbox = await startPaystackSandbox({
    port: 0,
    secretKey: KEY,
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/paystack`,
    webhookRetryDelaysMs: [20, 20],
    log: () => {},
  });
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

beforeEach(() => {
  received = [];
  receiverAnswers = [];
});

describe('Paystack sandbox with the production adapter', () => {
  it('card or M-Pesa, then success: checkout page → signed charge.success → 303 to the callback → verify says success', async () => {
    const p = payment();
    const { authorizationUrl, accessCode } = await adapter().initialize(p);
    expect(authorizationUrl).toBe(`${sandbox.url}/checkout/${accessCode}`);
    expect(await adapter().verify(p.reference)).toMatchObject({ status: 'abandoned', amountMinor: 150000 });

    // The payer's page.
    const pageResponse = await fetch(authorizationUrl);
    expect(pageResponse.status).toBe(200);
    expect(pageResponse.headers.get('content-type')).toMatch(/^text\/html/);
    expect(pageResponse.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await pageResponse.text();
    expect(html).toContain('<title>Paystack sandbox checkout</title>');
    expect(html).toContain('KES 1,500.00');
    expect(html).toContain('student@demo.alp.test');
    // Radios named by their labels ("Card", "M-Pesa"), card first and chosen by default.
    expect(html).toMatch(/<label[^>]*><input type="radio" name="channel" value="card" checked>Card<\/label>/);
    expect(html).toMatch(/<label[^>]*><input type="radio" name="channel" value="mobile_money">M-Pesa<\/label>/);
    expect(html).toMatch(/<button[^>]*value="success"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*value="failed"[^>]*>Simulate failure<\/button>/);
    expect(html).not.toMatch(/<script|<link|https?:\/\/(?!localhost)/); // no external assets, no script

    // M-Pesa + Pay.
    const paid = await checkout(authorizationUrl, { channel: 'mobile_money', outcome: 'success' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${CALLBACK}?trxref=${p.reference}&reference=${p.reference}`);

    // The webhook was delivered (and answered) before the redirect.
    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook!.headers['content-type']).toBe('application/json');
    const signature = hook!.headers['x-paystack-signature'];
    expect(typeof signature).toBe('string');
    expect(await adapter().isValidWebhookSignature(hook!.rawBody, signature as string)).toBe(true);
    expect(await paystackProvider({ baseUrl: sandbox.apiUrl, secretKey: async () => 'sk_test_someone_else' })
      .isValidWebhookSignature(hook!.rawBody, signature as string)).toBe(false);

    const event = PaystackWebhook.parse(JSON.parse(hook!.rawBody));
    expect(event.event).toBe('charge.success');
    expect(event.data).toMatchObject({
      domain: 'test',
      status: 'success',
      reference: p.reference,
      amount: 150000,
      currency: 'KES',
      channel: 'mobile_money',
      gateway_response: 'Successful',
      customer: { email: 'student@demo.alp.test' },
      metadata: p.metadata,
      authorization: { channel: 'mobile_money', country_code: 'KE' },
    });
    expect(typeof event.data.id).toBe('number');
    expect(new Date(event.data.paid_at!).toISOString()).toBe(event.data.paid_at);

    const verified = await adapter().verify(p.reference);
    expect(verified).toEqual({
      reference: p.reference,
      status: 'success',
      amountMinor: 150000,
      currency: 'KES',
      channel: 'mobile_money',
      paidAt: event.data.paid_at,
      gatewayResponse: 'Successful',
    });

    // Submitting again (back button, double click) redirects again and sends no second webhook.
    const again = await checkout(authorizationUrl, { channel: 'card', outcome: 'failed' });
    expect(again.status).toBe(303);
    expect(received).toHaveLength(1);
    expect((await adapter().verify(p.reference))?.status).toBe('success');
    // The page now shows the result instead of the form.
    const after = await (await fetch(authorizationUrl)).text();
    expect(after).toContain('Payment successful');
    expect(after).not.toContain('Simulate failure');
  });

  it('card + "Simulate failure": verify says failed (Declined), no webhook, same redirect', async () => {
    const p = payment();
    const { authorizationUrl } = await adapter().initialize(p);
    const declined = await checkout(authorizationUrl, { channel: 'card', outcome: 'failed' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`${CALLBACK}?trxref=${p.reference}&reference=${p.reference}`);
    expect(await adapter().verify(p.reference)).toEqual({
      reference: p.reference, status: 'failed', amountMinor: 150000, currency: 'KES', channel: 'card', gatewayResponse: 'Declined',
    });
    expect(received).toEqual([]);
  });

  it('keeps the callback URL\'s own query and offers only the channels initialize allowed', async () => {
    const p = payment({ callbackUrl: 'http://localhost:3999/payment-callback?from=booking', channels: ['mobile_money'] });
    const { authorizationUrl } = await adapter().initialize(p);
    const html = await (await fetch(authorizationUrl)).text();
    expect(html).toContain('M-Pesa');
    expect(html).not.toMatch(/value="card"/);
    const refused = await checkout(authorizationUrl, { channel: 'card', outcome: 'success' });
    expect(refused.status).toBe(400);
    const paid = await checkout(authorizationUrl, { channel: 'mobile_money', outcome: 'success' });
    expect(paid.headers.get('location')).toBe(`http://localhost:3999/payment-callback?from=booking&trxref=${p.reference}&reference=${p.reference}`);
  });

  it('retries a webhook the app did not acknowledge (non-2xx), like Paystack', async () => {
    receiverAnswers = [500];
    const p = payment();
    const { authorizationUrl } = await adapter().initialize(p);
    expect((await checkout(authorizationUrl, { channel: 'card', outcome: 'success' })).status).toBe(303);
    expect(received).toHaveLength(2);
    expect(received[1]!.rawBody).toBe(received[0]!.rawBody);
    expect(received[1]!.headers['x-paystack-signature']).toBe(received[0]!.headers['x-paystack-signature']);
    const debug = await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json() as { transactions: { reference: string; webhook_deliveries: { httpStatus: number }[] }[] };
    const mine = debug.transactions.find((t) => t.reference === p.reference);
    expect(mine?.webhook_deliveries.map((d) => d.httpStatus)).toEqual([500, 200]);
  });

  it('answers Paystack\'s envelope for a wrong, missing or malformed secret key: 401', async () => {
    const wrong = await api('/transaction/verify/anything', {}, 'sk_test_wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ status: false, message: 'Invalid key' });
    const malformed: Record<string, string>[] = [{}, { authorization: KEY }, { authorization: 'Bearer' }];
    for (const headers of malformed) {
      const response = await fetch(`${sandbox.apiUrl}/transaction/initialize`, { method: 'POST', headers, body: '{}' });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ status: false, message: expect.stringMatching(/Authorization Bearer|Invalid key/) });
    }
    const error = await paystackProvider({ baseUrl: sandbox.apiUrl, secretKey: async () => 'sk_test_wrong' }).initialize(payment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaystackError);
    expect(error).toMatchObject({ httpStatus: 401, providerMessage: 'Invalid key', retryable: false });
  });

  it('refuses a duplicate reference with 400 "Duplicate Transaction Reference"', async () => {
    const p = payment();
    await adapter().initialize(p);
    const raw = await api('/transaction/initialize', { method: 'POST', body: JSON.stringify({ email: p.email, amount: 150000, reference: p.reference }) });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ status: false, message: 'Duplicate Transaction Reference' });
    await expect(adapter().initialize(p)).rejects.toMatchObject({ httpStatus: 400, providerMessage: 'Duplicate Transaction Reference' });
  });

  it('validates initialize like Paystack: integer subunits > 0, an e-mail, KES, a clean reference', async () => {
    const base = { email: 'student@demo.alp.test', amount: 150000 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, amount: 1500.5 }, /integer/],
      [{ ...base, amount: '1500.50' }, /integer/],
      [{ ...base, amount: 0 }, /valid amount/],
      [{ ...base, amount: -100 }, /valid amount/],
      [{ ...base, amount: 'abc' }, /Invalid Amount/],
      [{ amount: 150000 }, /Email/],
      [{ ...base, email: 'not-an-email' }, /Email/],
      [{ ...base, currency: 'NGN' }, /Currency not supported/],
      [{ ...base, reference: 'booking#1' }, /Invalid character/],
      [{ ...base, channels: ['card', 'crypto'] }, /channel/],
    ];
    for (const [body, message] of cases) {
      const response = await api('/transaction/initialize', { method: 'POST', body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json() as { status: boolean; message: string };
      expect(answer.status).toBe(false);
      expect(answer.message, JSON.stringify(body)).toMatch(message);
    }
    // Amount as a string of subunits (as Paystack documents it) and no reference are fine.
    const ok = await api('/transaction/initialize', { method: 'POST', body: JSON.stringify({ ...base, amount: '150000' }) });
    expect(ok.status).toBe(200);
    const created = await ok.json() as { status: boolean; message: string; data: Record<string, string> };
    expect(created).toMatchObject({ status: true, message: 'Authorization URL created' });
    expect(Object.keys(created.data).sort()).toEqual(['access_code', 'authorization_url', 'reference']);
  });

  it('verify: 200 "Verification successful" envelope for a known reference, 404 "Transaction reference not found" otherwise', async () => {
    const p = payment();
    await adapter().initialize(p);
    const known = await api(`/transaction/verify/${p.reference}`);
    expect(known.status).toBe(200);
    const body = await known.json() as { status: boolean; message: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ status: true, message: 'Verification successful' });
    expect(body.data).toMatchObject({
      status: 'abandoned', reference: p.reference, amount: 150000, currency: 'KES', paid_at: null, metadata: p.metadata,
      customer: { email: p.email },
    });
    const unknown = await api('/transaction/verify/no-such-reference');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: false, message: 'Transaction reference not found' });
    expect(await adapter().verify('no-such-reference')).toBeNull();
  });

  it('refunds part of a payment when asked for an amount, as POST /refund does: the webhooks carry that amount, and never more than is left', async () => {
    const p = payment();
    const { authorizationUrl } = await adapter().initialize(p);
    expect((await checkout(authorizationUrl, { channel: 'card', outcome: 'success' })).status).toBe(303);
    received = [];

    expect(await adapter().refund({ reference: p.reference, amountMinor: 50_000, merchantNote: 'Lesson ended early' })).toEqual({ status: 'pending' });
    const refundEvents = async () => received.map((r) => JSON.parse(r.rawBody) as { event: string; data: { amount: string; transaction_reference: string } })
      .filter((e) => e.event.startsWith('refund.'));
    await expect.poll(async () => (await refundEvents()).map((e) => e.event), { timeout: 5_000 }).toEqual(['refund.pending', 'refund.processed']);
    expect((await refundEvents()).map((e) => e.data)).toEqual([
      expect.objectContaining({ amount: '50000', transaction_reference: p.reference }), expect.objectContaining({ amount: '50000', transaction_reference: p.reference }),
    ]);

    // 100,000 is left: a larger amount is refused, the rest is refunded, then nothing is left.
    await expect(adapter().refund({ reference: p.reference, amountMinor: 100_001 })).rejects.toThrow(PaystackError);
    expect(await adapter().refund({ reference: p.reference })).toEqual({ status: 'pending' });
    await expect(adapter().refund({ reference: p.reference, amountMinor: 1 })).rejects.toThrow(PaystackError);
  });

  it('shows a not-found page for an unknown checkout link', async () => {
    const response = await fetch(`${sandbox.url}/checkout/doesnotexist123`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Payment link not found');
  });
});

describe('list endpoints (what the reconciliation reads)', () => {
  it('pages charges and refunds as Paystack does (perPage/page, meta.pageCount), bounded by from/to and status', async () => {
    const before = new Date();
    const paid: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = payment({ amountMinor: 100_000 + i });
      const { authorizationUrl } = await adapter().initialize(p);
      expect((await checkout(authorizationUrl, { channel: 'mobile_money', outcome: 'success' })).status).toBe(303);
      paid.push(p.reference);
    }
    await adapter().refund({ reference: paid[0]!, amountMinor: 40_000 });
    const window = { from: before, to: new Date(Date.now() + 1_000) };

    const first = await adapter().listTransactions({ ...window, page: 1, perPage: 2, status: 'success' });
    const second = await adapter().listTransactions({ ...window, page: 2, perPage: 2, status: 'success' });
    expect(first.pageCount).toBe(2);
    expect([...first.items, ...second.items].map((t) => t.reference).sort()).toEqual([...paid].sort());
    // A window after all of them holds none.
    expect((await adapter().listTransactions({ from: window.to, to: new Date(window.to.getTime() + 86_400_000), page: 1, perPage: 100 })).items).toEqual([]);

    const refunds = await adapter().listRefunds({ ...window, page: 1, perPage: 100 });
    // With Paystack's own reference of the refund (a payment refunded lesson by lesson has several);
    // pending, or processed already on a slow machine (the sandbox moves it on after a moment).
    expect(refunds.items).toEqual([{
      transactionReference: paid[0], amountMinor: 40_000, status: expect.stringMatching(/^(pending|processed)$/), refundReference: expect.stringMatching(/^RF_/),
    }]);
    expect((await api('/transfer?perPage=0')).status).toBe(400);
    expect((await api('/refund', {}, null)).status).toBe(401);
  });
});
