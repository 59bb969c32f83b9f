/**
 * A local, Paystack-compatible payment server (ARCHITECTURE.md §6): the production adapter
 * (functions/payments/paystack.ts) talks to it unchanged, only PAYSTACK_BASE_URL differs.
 *
 * It speaks Paystack's wire format (PaystackOSS/openapi, paystack.com/docs/api/transaction,
 * paystack.com/docs/payments/webhooks):
 *
 *   POST /transaction/initialize   Bearer secret key; JSON (or form) body email, amount (integer
 *                                  subunits, number or string), currency (KES only here),
 *                                  reference, callback_url, channels, metadata (object or JSON string)
 *                                  → 200 { status: true, message: "Authorization URL created",
 *                                          data: { authorization_url, access_code, reference } }
 *   GET  /transaction/verify/:ref  → 200 { status: true, message: "Verification successful", data: <transaction> }
 *                                    ("abandoned" until paid, then "success" or "failed")
 *                                  → 404 { status: false, message: "Transaction reference not found" }
 *   errors                         401 "Invalid key" / "Format is Authorization Bearer [secret key]",
 *                                  400 validation messages, 400 "Duplicate Transaction Reference"
 *
 * and plays Paystack Checkout for the payer:
 *
 *   GET  /checkout/:access_code    the page: amount, e-mail, Card / M-Pesa, "Pay" / "Simulate failure"
 *   POST /checkout/:access_code    form (channel, outcome). Success: the transaction becomes
 *                                  "success", a charge.success webhook signed with the secret key
 *                                  (x-paystack-signature = hex HMAC-SHA512 of the raw body) is
 *                                  POSTed to the webhook URL and awaited (retried a few times on
 *                                  non-2xx), then 303 to callback_url?trxref=REF&reference=REF.
 *                                  Failure: "failed", no webhook (Paystack sends none for a
 *                                  declined checkout), same redirect.
 *
 *   POST /refund                   Bearer secret key; { transaction (reference or id), amount? (subunits,
 *                                  default what is left), merchant_note? } on a "success" transaction
 *                                  → 200 { status: true, message: "Refund has been queued for processing",
 *                                          data: { status: "pending", amount, transaction: {…} … } }
 *                                  → 400 "Transaction has been fully reversed" / not successful / too much;
 *                                  then, after `refundDelayMs`, signed refund.pending and refund.processed
 *                                  webhooks (data: status, transaction_reference, refund_reference,
 *                                  amount as a string of subunits, currency, customer …), as Paystack sends them.
 *
 *   GET  /__sandbox/transactions   everything it holds, with webhook deliveries and refunds (debugging, tests)
 *
 *   POST /transferrecipient, GET /bank   transfer recipients and Kenyan banks (paystack-sandbox-recipients.ts)
 *   GET  /__sandbox/recipients     every recipient created (tests: what the app sent)
 * Transfers and their webhooks (payouts): infra/local/sandboxes/paystack/transfers.ts.
 *
 * State lives in memory: restarting `npm start` forgets the transactions, as a fresh test
 * integration would.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRecipientBook, recipientJson, SandboxHttpError } from './recipients.js';
import { sandboxTransfers } from './transfers.js';

export type SandboxChannel = 'card' | 'mobile_money';
export type SandboxStatus = 'abandoned' | 'success' | 'failed';

/** Channels the checkout page offers, in Paystack's names, with what the payer sees. */
const CHANNEL_LABELS: Record<SandboxChannel, string> = { card: 'Card', mobile_money: 'M-Pesa' };
/** Every channel Paystack accepts in `channels` (initialize docs); the sandbox pays with the two above. */
const PAYSTACK_CHANNELS = new Set(['card', 'bank', 'apple_pay', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'eft', 'capitec_pay', 'payattitude']);
/** Paystack: "Only -, ., = and alphanumeric characters allowed." */
const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]+$/;
const MAX_BODY_BYTES = 1024 * 1024;
/** Illustrative Paystack Kenya rates (local cards 2.9 %, M-Pesa 1.5 %); only shown in `fees`. */
const FEE_RATE: Record<SandboxChannel, number> = { card: 0.029, mobile_money: 0.015 };

export interface WebhookDelivery {
  attempt: number;
  at: string;
  httpStatus?: number;
  error?: string;
}

export interface SandboxTransaction {
  id: number;
  reference: string;
  accessCode: string;
  authorizationUrl: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string | null;
  channels: SandboxChannel[];
  metadata: unknown;
  status: SandboxStatus;
  channel: SandboxChannel;
  gatewayResponse: string;
  createdAt: string;
  paidAt: string | null;
  customer: { id: number; code: string };
  authorizationCode: string;
  webhookDeliveries: WebhookDelivery[];
  refunds: SandboxRefund[];
}

export interface SandboxRefund {
  id: number;
  amount: number;
  status: 'pending' | 'processed';
  merchantNote: string | null;
  refundReference: string;
  createdAt: string;
}

export interface PaystackSandboxOptions {
  /** 0 picks a free port. */
  port: number;
  /** The integration's secret key: required as Bearer token, and the webhook signing key. */
  secretKey: string;
  /** Where charge.success goes (the local gateway's /api/webhooks/paystack). */
  webhookUrl: string;
  /** Origin the payer's browser reaches the sandbox at (default http://localhost:{port}). */
  publicOrigin?: string;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Waits before re-sending a webhook that got no 2xx (default 250 ms, then 1 s). */
  webhookRetryDelaysMs?: number[];
  /** Per delivery attempt (Paystack allows 30 s in test mode). */
  webhookTimeoutMs?: number;
  /** Where warnings go (default console.warn). */
  log?: (message: string) => void;
  /** How long after POST /refund the refund.pending and refund.processed webhooks go out (default 300 ms). */
  refundDelayMs?: number;
}

export interface PaystackSandbox {
  /** Base URL for the API (PAYSTACK_BASE_URL), on 127.0.0.1. */
  apiUrl: string;
  /** Origin of the checkout pages, as the payer's browser sees it. */
  url: string;
  port: number;
  transactions(): SandboxTransaction[];
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

// ------------------------------------------------------------------------------ wire format

/** A transaction as Paystack's verify endpoint and webhooks describe it. */
export function paystackTransactionData(t: SandboxTransaction): Record<string, unknown> {
  const paid = t.status === 'success';
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.amount,
    message: null,
    gateway_response: t.gatewayResponse,
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: t.channel,
    currency: t.currency,
    ip_address: '127.0.0.1',
    metadata: t.metadata,
    log: null,
    fees: paid ? Math.round(t.amount * FEE_RATE[t.channel]) : null,
    fees_split: null,
    authorization: t.status === 'abandoned' ? {} : authorization(t),
    customer: {
      id: t.customer.id,
      first_name: null,
      last_name: null,
      email: t.email,
      customer_code: t.customer.code,
      phone: null,
      metadata: null,
      risk_action: 'default',
      international_format_phone: null,
    },
    plan: null,
    split: {},
    order_id: null,
    paidAt: t.paidAt,
    createdAt: t.createdAt,
    requested_amount: t.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: t.createdAt,
    plan_object: {},
    subaccount: {},
  };
}

/** Paystack's authorization object: a test Visa card, or a Kenyan M-Pesa wallet. */
function authorization(t: SandboxTransaction): Record<string, unknown> {
  const reusable = t.status === 'success';
  if (t.channel === 'mobile_money') {
    return {
      authorization_code: t.authorizationCode,
      bin: '071XXX',
      last4: 'X000',
      exp_month: '12',
      exp_year: '9999',
      channel: 'mobile_money',
      card_type: '',
      bank: 'M-PESA',
      country_code: 'KE',
      brand: 'M-pesa',
      reusable: false,
      signature: null,
      account_name: null,
    };
  }
  return {
    authorization_code: t.authorizationCode,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'KE',
    brand: 'visa',
    reusable,
    signature: `SIG_${createHmac('sha256', 'sig').update(t.authorizationCode).digest('hex').slice(0, 20)}`,
    account_name: null,
  };
}

/** The charge.success event Paystack POSTs to the integration's webhook URL. */
export function chargeSuccessEvent(t: SandboxTransaction): { event: 'charge.success'; data: Record<string, unknown> } {
  const { receipt_number: _r, connect: _c, transaction_date: _d, plan_object: _p, createdAt: _ca, ...data } = paystackTransactionData(t);
  return { event: 'charge.success', data: { ...data, plan: {}, source: { type: 'web', source: 'checkout', entry_point: 'request_inline', identifier: null } } };
}

/** A refund.* event as Paystack POSTs it (its amount is a string of subunits in these events). */
export function refundEvent(t: SandboxTransaction, r: SandboxRefund): { event: string; data: Record<string, unknown> } {
  return {
    event: `refund.${r.status}`,
    data: {
      status: r.status, transaction_reference: t.reference, refund_reference: r.refundReference, amount: String(r.amount),
      currency: t.currency, processor: 'sandbox', integration: 100032, domain: 'test',
      customer: { first_name: null, last_name: null, email: t.email },
    },
  };
}

// ---------------------------------------------------------------------------------- helpers

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
function token(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join('');
}

/**
 * Written here on purpose instead of importing the adapter's helper: the sandbox stands for
 * Paystack, so a signing bug in the adapter must not be able to hide itself in both places.
 */
function sign(body: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body, 'utf8').digest('hex');
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'alp-sandbox').update(given).digest();
  const b = createHmac('sha256', 'alp-sandbox').update(expected).digest();
  return timingSafeEqual(a, b);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'";

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** 150000 subunits of KES → "KES 1,500.00". */
export function formatAmount(amount: number, currency: string): string {
  const major = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount / 100);
  return `${currency} ${major}`;
}

/** Paystack appends trxref and reference to the callback URL. */
function callbackTarget(t: SandboxTransaction): string | null {
  if (!t.callbackUrl) return null;
  const url = new URL(t.callbackUrl);
  url.searchParams.set('trxref', t.reference);
  url.searchParams.set('reference', t.reference);
  return url.toString();
}

// ------------------------------------------------------------------------------------ pages

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f6f9;color:#1b2b3a;
    display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
  main{background:#fff;width:100%;max-width:420px;border-radius:12px;box-shadow:0 4px 24px rgba(20,40,60,.12);padding:24px}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a5a00;
    background:#fff4d6;border-radius:999px;padding:2px 10px}
  h1{font-size:18px;margin:12px 0 4px}
  .amount{font-size:28px;font-weight:700;margin:4px 0}
  .muted{color:#5b6b7a;font-size:14px;margin:0;overflow-wrap:anywhere}
  fieldset{border:0;padding:0;margin:20px 0 0}
  legend{font-weight:600;margin-bottom:8px}
  .choices{display:grid;grid-template-columns:1fr 1fr;gap:8px}
  .choice{display:flex;align-items:center;justify-content:center;gap:8px;padding:12px;border:2px solid #d5dde5;border-radius:8px;
    font-weight:600;cursor:pointer}
  .choice input{width:18px;height:18px;margin:0;accent-color:#0ba4db;cursor:pointer}
  .choice:has(input:checked){border-color:#0ba4db;background:#e8f7fd}
  .actions{display:grid;gap:8px;margin-top:20px}
  button{font:inherit;font-weight:600;border-radius:8px;padding:12px;cursor:pointer;border:2px solid transparent}
  .pay{background:#0ba4db;color:#fff}
  .fail{background:#fff;color:#b42318;border-color:#f1c4c0}
  button:focus-visible{outline:3px solid #0b6fdb;outline-offset:2px}
  .note{font-size:13px;color:#5b6b7a;margin:16px 0 0}
  a{color:#0b6fdb}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function checkoutPage(t: SandboxTransaction): string {
  // Native radios inside their labels: the label text is the radio's accessible name, and a
  // click on either the text or the dot selects it.
  const choices = t.channels.map((channel, index) => `
      <label class="choice"><input type="radio" name="channel" value="${channel}"${index === 0 ? ' checked' : ''}>${CHANNEL_LABELS[channel]}</label>`).join('');
  return page('Paystack sandbox checkout', `
    <span class="badge">Test mode · local sandbox</span>
    <h1>Paystack sandbox checkout</h1>
    <p class="amount">${escapeHtml(formatAmount(t.amount, t.currency))}</p>
    <p class="muted">${escapeHtml(t.email)}</p>
    <p class="muted">Reference ${escapeHtml(t.reference)}</p>
    <form method="post" action="/checkout/${encodeURIComponent(t.accessCode)}">
      <fieldset><legend>Pay with</legend><div class="choices">${choices}
      </div></fieldset>
      <div class="actions">
        <button class="pay" type="submit" name="outcome" value="success">Pay</button>
        <button class="fail" type="submit" name="outcome" value="failed">Simulate failure</button>
      </div>
    </form>
    <p class="note">No money moves here. "Pay" marks the payment successful and notifies the app like Paystack does;
      "Simulate failure" declines it.</p>`);
}

function resultPage(t: SandboxTransaction): string {
  const done = t.status === 'success';
  const target = callbackTarget(t);
  return page(done ? 'Payment successful' : 'Payment failed', `
    <span class="badge">Test mode · local sandbox</span>
    <h1>${done ? 'Payment successful' : 'Payment failed'}</h1>
    <p class="amount">${escapeHtml(formatAmount(t.amount, t.currency))}</p>
    <p class="muted">Reference ${escapeHtml(t.reference)}</p>
    ${target ? `<p class="note"><a href="${escapeHtml(target)}">Return to the merchant</a></p>` : ''}`);
}

function notFoundPage(): string {
  return page('Payment link not found', `
    <span class="badge">Test mode · local sandbox</span>
    <h1>Payment link not found</h1>
    <p class="muted">This checkout link is unknown to the sandbox (it forgets everything when it restarts).</p>`);
}

// ----------------------------------------------------------------------------------- server

export async function startPaystackSandbox(options: PaystackSandboxOptions): Promise<PaystackSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.warn(message));
  const retryDelays = options.webhookRetryDelaysMs ?? [250, 1000];
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 15_000;
  const byReference = new Map<string, SandboxTransaction>();
  const byAccessCode = new Map<string, SandboxTransaction>();
  const customers = new Map<string, { id: number; code: string }>();
  let nextId = 4_000_000_000 + randomInt(1_000_000);
  let publicOrigin = options.publicOrigin ?? '';
  const recipientBook = createRecipientBook();

  function authorize(req: IncomingMessage): void {
    const match = /^Bearer\s+(\S+)\s*$/.exec(req.headers.authorization ?? '');
    if (!match) throw new HttpError(401, 'Format is Authorization Bearer [secret key]');
    if (!sameSecret(match[1]!, options.secretKey)) throw new HttpError(401, 'Invalid key');
  }

  async function parseRequestBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const text = await readBody(req);
    const type = req.headers['content-type'] ?? '';
    if (type.includes('application/x-www-form-urlencoded')) {
      const form = new URLSearchParams(text);
      const out: Record<string, unknown> = {};
      for (const key of new Set(form.keys())) {
        const values = form.getAll(key);
        out[key.replace(/\[\]$/, '')] = key.endsWith('[]') ? values : values[0];
      }
      return out;
    }
    if (!text.trim()) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch { /* below */ }
    throw new HttpError(400, 'Invalid JSON body');
  }

  function initialize(body: Record<string, unknown>): SandboxTransaction {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!email) throw new HttpError(400, 'Email Address is required');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new HttpError(400, 'Invalid Email Address Passed');

    const rawAmount = body.amount;
    const amount = typeof rawAmount === 'number' ? rawAmount
      : typeof rawAmount === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(rawAmount) ? Number(rawAmount) : NaN;
    if (rawAmount === undefined || rawAmount === null || rawAmount === '' || Number.isNaN(amount)) throw new HttpError(400, 'Invalid Amount Sent');
    if (!Number.isSafeInteger(amount)) throw new HttpError(400, 'Amount must be an integer');
    if (amount <= 0) throw new HttpError(400, 'You must specify a valid amount');

    const currency = body.currency === undefined || body.currency === '' ? 'KES' : String(body.currency).toUpperCase();
    if (currency !== 'KES') throw new HttpError(400, 'Currency not supported by merchant');

    const reference = body.reference === undefined || body.reference === '' ? token(10) : String(body.reference);
    if (!REFERENCE_PATTERN.test(reference)) throw new HttpError(400, 'Invalid character in transaction reference');
    if (byReference.has(reference)) throw new HttpError(400, 'Duplicate Transaction Reference');

    let callbackUrl: string | null = null;
    if (body.callback_url !== undefined && body.callback_url !== '') {
      try {
        const url = new URL(String(body.callback_url));
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
        callbackUrl = url.toString();
      } catch {
        throw new HttpError(400, 'Invalid callback_url');
      }
    }

    let channels: SandboxChannel[] = ['card', 'mobile_money'];
    if (body.channels !== undefined) {
      const list = Array.isArray(body.channels) ? body.channels.map(String) : [String(body.channels)];
      const unknown = list.filter((c) => !PAYSTACK_CHANNELS.has(c));
      if (unknown.length > 0) throw new HttpError(400, `Invalid channel(s): ${unknown.join(', ')}`);
      const offered = list.filter((c): c is SandboxChannel => c === 'card' || c === 'mobile_money');
      if (offered.length === 0) throw new HttpError(400, 'The sandbox checkout offers only card and mobile_money (M-Pesa)');
      channels = [...new Set(offered)];
    }

    // Paystack documents metadata as a stringified JSON object and returns it parsed.
    let metadata: unknown = '';
    if (typeof body.metadata === 'string' && body.metadata !== '') {
      try {
        metadata = JSON.parse(body.metadata);
      } catch {
        throw new HttpError(400, 'Invalid metadata: it must be a JSON object or a stringified JSON object');
      }
    } else if (body.metadata && typeof body.metadata === 'object') {
      metadata = body.metadata;
    }

    let customer = customers.get(email.toLowerCase());
    if (!customer) {
      customer = { id: 180_000_000 + randomInt(1_000_000), code: `CUS_${token(15)}` };
      customers.set(email.toLowerCase(), customer);
    }
    const accessCode = token(15);
    const transaction: SandboxTransaction = {
      id: nextId++,
      reference,
      accessCode,
      authorizationUrl: `${publicOrigin}/checkout/${accessCode}`,
      amount,
      currency,
      email,
      callbackUrl,
      channels,
      metadata,
      status: 'abandoned',
      channel: channels[0]!,
      gatewayResponse: 'The transaction was not completed',
      createdAt: new Date().toISOString(),
      paidAt: null,
      customer,
      authorizationCode: `AUTH_${token(10)}`,
      webhookDeliveries: [],
      refunds: [],
    };
    byReference.set(reference, transaction);
    byAccessCode.set(accessCode, transaction);
    return transaction;
  }

  async function deliverWebhook(t: Pick<SandboxTransaction, 'reference' | 'webhookDeliveries'>, event: { event: string; data: Record<string, unknown> }): Promise<void> {
    const body = JSON.stringify(event);
    const name = event.event;
    const signature = sign(body, options.secretKey);
    for (let attempt = 1; attempt <= retryDelays.length + 1; attempt++) {
      const delivery: WebhookDelivery = { attempt, at: new Date().toISOString() };
      t.webhookDeliveries.push(delivery);
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature, 'user-agent': 'Paystack-Sandbox/1.0' },
          body,
          signal: AbortSignal.timeout(webhookTimeoutMs),
        });
        delivery.httpStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        log(`[paystack-sandbox] webhook ${name} ${t.reference}: ${options.webhookUrl} answered HTTP ${response.status} (attempt ${attempt})`);
      } catch (error) {
        delivery.error = (error as Error).message;
        log(`[paystack-sandbox] webhook ${name} ${t.reference}: ${options.webhookUrl} unreachable: ${(error as Error).message} (attempt ${attempt})`);
      }
      const delay = retryDelays[attempt - 1];
      if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  async function completeCheckout(req: IncomingMessage, res: ServerResponse, t: SandboxTransaction): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    if (t.status === 'abandoned') {
      const outcome = form.get('outcome');
      const channel = form.get('channel') ?? t.channels[0];
      if (outcome !== 'success' && outcome !== 'failed') throw new HttpError(400, 'outcome must be "success" or "failed"');
      if (!t.channels.includes(channel as SandboxChannel)) throw new HttpError(400, `channel must be one of ${t.channels.join(', ')}`);
      t.channel = channel as SandboxChannel;
      if (outcome === 'success') {
        t.status = 'success';
        t.paidAt = new Date().toISOString();
        t.gatewayResponse = 'Successful';
        await deliverWebhook(t, chargeSuccessEvent(t));
      } else {
        t.status = 'failed';
        t.gatewayResponse = 'Declined';
      }
    }
    // A second submit (back button, double click) changes nothing and sends no second webhook.
    const target = callbackTarget(t);
    if (target) {
      res.writeHead(303, { location: target, 'cache-control': 'no-store' });
      res.end();
      return;
    }
    sendHtml(res, 200, resultPage(t));
  }

  function refund(body: Record<string, unknown>): { t: SandboxTransaction; r: SandboxRefund } {
    const key = body.transaction === undefined || body.transaction === null ? '' : String(body.transaction);
    if (!key) throw new HttpError(400, 'Transaction reference or id is required');
    const t = byReference.get(key) ?? [...byReference.values()].find((candidate) => String(candidate.id) === key);
    if (!t) throw new HttpError(404, 'Transaction not found');
    if (t.status !== 'success') throw new HttpError(400, 'Cannot refund a transaction that was not successful');
    const left = t.amount - t.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (left <= 0) throw new HttpError(400, 'Transaction has been fully reversed');
    const amount = body.amount === undefined || body.amount === '' ? left : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new HttpError(400, 'Invalid Amount Sent');
    if (amount > left) throw new HttpError(400, 'Refund amount cannot be more than the transaction amount left');
    const r: SandboxRefund = {
      id: nextId++, amount, status: 'pending', merchantNote: typeof body.merchant_note === 'string' ? body.merchant_note : null,
      refundReference: `RF_${token(12)}`, createdAt: new Date().toISOString(),
    };
    t.refunds.push(r);
    return { t, r };
  }

  /** Paystack reports a refund pending, then processed; the sandbox does so shortly after the request. */
  function settleRefund(t: SandboxTransaction, r: SandboxRefund): void {
    setTimeout(() => {
      void (async () => {
        await deliverWebhook(t, refundEvent(t, r));
        r.status = 'processed';
        await deliverWebhook(t, refundEvent(t, r));
      })().catch((error: unknown) => log(`[paystack-sandbox] refund ${t.reference}: ${(error as Error).message}`));
    }, options.refundDelayMs ?? 300);
  }

  function debugView(t: SandboxTransaction) {
    return {
      reference: t.reference,
      access_code: t.accessCode,
      authorization_url: t.authorizationUrl,
      status: t.status,
      amount: t.amount,
      currency: t.currency,
      channel: t.channel,
      channels: t.channels,
      email: t.email,
      callback_url: t.callbackUrl,
      metadata: t.metadata,
      gateway_response: t.gatewayResponse,
      created_at: t.createdAt,
      paid_at: t.paidAt,
      webhook_deliveries: t.webhookDeliveries,
      refunds: t.refunds,
    };
  }

  // Recipients live in the recipient book (POST /transferrecipient); transfers check theirs against it.
  const transfers = sandboxTransfers({
    deliver: deliverWebhook, token, nextId: () => nextId++,
    knownRecipient: (code) => recipientBook.recipients().some((r) => r.recipientCode === code),
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (path === '/transferrecipient' || path.startsWith('/transfer/') || path === '/transfer') authorize(req);
    const transferAnswer = await transfers.handle(path, method, () => parseRequestBody(req));
    if (transferAnswer) return sendJson(res, transferAnswer.status, transferAnswer.body);

    if (path === '/transaction/initialize') {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      authorize(req);
      const t = initialize(await parseRequestBody(req));
      return sendJson(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: t.authorizationUrl, access_code: t.accessCode, reference: t.reference },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]*)$/.exec(path);
    if (verify) {
      if (method !== 'GET') throw new HttpError(405, 'Method not allowed');
      authorize(req);
      const t = byReference.get(decodeURIComponent(verify[1]!));
      if (!t) throw new HttpError(404, 'Transaction reference not found');
      return sendJson(res, 200, { status: true, message: 'Verification successful', data: paystackTransactionData(t) });
    }

    if (path === '/refund') {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      authorize(req);
      const { t, r } = refund(await parseRequestBody(req));
      settleRefund(t, r);
      return sendJson(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: { id: t.id, domain: 'test', reference: t.reference, amount: t.amount, paid_at: t.paidAt, channel: t.channel, currency: t.currency },
          integration: 100032, deducted_amount: 0, channel: null, merchant_note: r.merchantNote, customer_note: null,
          status: r.status, refunded_by: 'sandbox@learn.africa.local', expected_at: new Date(Date.now() + 86_400_000).toISOString(),
          currency: t.currency, domain: 'test', amount: r.amount, fully_deducted: false, id: r.id, createdAt: r.createdAt, updatedAt: r.createdAt,
        },
      });
    }

    const checkout = /^\/checkout\/([A-Za-z0-9]+)$/.exec(path);
    if (checkout) {
      const t = byAccessCode.get(checkout[1]!);
      if (method === 'GET' || method === 'HEAD') {
        if (!t) return sendHtml(res, 404, notFoundPage());
        return sendHtml(res, 200, t.status === 'abandoned' ? checkoutPage(t) : resultPage(t));
      }
      if (method === 'POST') {
        if (!t) return sendHtml(res, 404, notFoundPage());
        return completeCheckout(req, res, t);
      }
      throw new HttpError(405, 'Method not allowed');
    }

    if (path === '/transferrecipient' || path === '/bank') {
      authorize(req);
      if (path === '/bank' && method === 'GET') return sendJson(res, 200, { status: true, message: 'Banks retrieved', data: recipientBook.banks(url.searchParams) });
      if (path === '/transferrecipient' && method === 'POST') {
        const { recipient, created } = recipientBook.create(await parseRequestBody(req));
        return sendJson(res, created ? 201 : 200, { status: true, message: 'Transfer recipient created successfully', data: recipientJson(recipient) });
      }
      throw new HttpError(405, 'Method not allowed');
    }

    if (path === '/__sandbox/recipients' && method === 'GET') {
      return sendJson(res, 200, { recipients: recipientBook.recipients().map(recipientJson) });
    }

    if (path === '/__sandbox/transactions' && method === 'GET') {
      return sendJson(res, 200, { transactions: [...byReference.values()].map(debugView) });
    }

    throw new HttpError(404, 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError || error instanceof SandboxHttpError) {
        sendJson(res, error.status, { status: false, message: error.message });
        return;
      }
      log(`[paystack-sandbox] ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 500, { status: false, message: 'An error occurred in the sandbox' });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  publicOrigin = (options.publicOrigin ?? `http://localhost:${port}`).replace(/\/+$/, '');

  return {
    apiUrl: `http://${host}:${port}`,
    url: publicOrigin,
    port,
    transactions: () => [...byReference.values()],
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
