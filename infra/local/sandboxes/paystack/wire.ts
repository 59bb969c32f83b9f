/**
 * Paystack's wire format as the sandbox speaks it (PaystackOSS/openapi,
 * paystack.com/docs/api/transaction, paystack.com/docs/payments/webhooks): the transaction and
 * refund objects it answers with, the events it POSTs and their signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../http.js';

export type SandboxChannel = 'card' | 'mobile_money';
/** `ongoing`: an M-Pesa prompt sent by POST /charge, not answered on the phone yet. */
export type SandboxStatus = 'abandoned' | 'ongoing' | 'success' | 'failed';

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
  /** Set for a charge pushed to a phone (POST /charge with mobile_money): the number it went to. */
  prompt?: { phone: string; provider: string };
  /** Set for a Paybill charge (mobile_money provider mpesa_offline): the account reference the payer enters. */
  paybill?: { accountReference: string };
}

export interface SandboxRefund {
  id: number;
  amount: number;
  status: 'pending' | 'processed';
  merchantNote: string | null;
  refundReference: string;
  createdAt: string;
}

/** An event as Paystack POSTs it to the integration's webhook URL. */
export interface PaystackEvent { event: string; data: Record<string, unknown> }

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

/** POST /refund's data: the refund as queued, with the transaction it refunds. */
export function refundQueuedData(t: SandboxTransaction, r: SandboxRefund): Record<string, unknown> {
  return {
    transaction: { id: t.id, domain: 'test', reference: t.reference, amount: t.amount, paid_at: t.paidAt, channel: t.channel, currency: t.currency },
    integration: 100032, deducted_amount: 0, channel: null, merchant_note: r.merchantNote, customer_note: null,
    status: r.status, refunded_by: 'sandbox@learn.africa.local', expected_at: new Date(Date.now() + 86_400_000).toISOString(),
    currency: t.currency, domain: 'test', amount: r.amount, fully_deducted: false, id: r.id, createdAt: r.createdAt, updatedAt: r.createdAt,
  };
}

/**
 * Written here on purpose instead of importing the adapter's helper: the sandbox stands for
 * Paystack, so a signing bug in the adapter must not be able to hide itself in both places.
 */
export function sign(body: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body, 'utf8').digest('hex');
}

export function sameSecret(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'alp-sandbox').update(given).digest();
  const b = createHmac('sha256', 'alp-sandbox').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Paystack appends trxref and reference to the callback URL. */
export function callbackTarget(t: SandboxTransaction): string | null {
  if (!t.callbackUrl) return null;
  const url = new URL(t.callbackUrl);
  url.searchParams.set('trxref', t.reference);
  url.searchParams.set('reference', t.reference);
  return url.toString();
}

/** Paystack's API takes the secret key as a Bearer token, and answers these when it is not. */
export function checkBearer(authorization: string | undefined, secretKey: string): void {
  const match = /^Bearer\s+(\S+)\s*$/.exec(authorization ?? '');
  if (!match) throw new HttpError(401, 'Format is Authorization Bearer [secret key]');
  if (!sameSecret(match[1]!, secretKey)) throw new HttpError(401, 'Invalid key');
}

/** A request body as Paystack reads it: JSON, or a form (`key[]` for lists). */
export function parseBody(text: string, contentType = ''): Record<string, unknown> {
  if (contentType.includes('application/x-www-form-urlencoded')) {
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
