/**
 * The sandbox's checkout transactions: POST /transaction/initialize with Paystack's checks and
 * messages, refunds of a successful one, and the debugging view of each.
 */
import { randomInt } from 'node:crypto';
import { HttpError, token } from '../../http.js';
import type { SandboxChannel, SandboxRefund, SandboxTransaction } from './wire.js';

/** Every channel Paystack accepts in `channels` (initialize docs); the sandbox pays with card and M-Pesa. */
const PAYSTACK_CHANNELS = new Set(['card', 'bank', 'apple_pay', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'eft', 'capitec_pay', 'payattitude']);
/** Paystack: "Only -, ., = and alphanumeric characters allowed." */
const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]+$/;

export function transactionBook(deps: { nextId: () => number; publicOrigin: () => string }) {
  const byReference = new Map<string, SandboxTransaction>();
  const byAccessCode = new Map<string, SandboxTransaction>();
  const customers = new Map<string, { id: number; code: string }>();

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
      id: deps.nextId(),
      reference,
      accessCode,
      authorizationUrl: `${deps.publicOrigin()}/checkout/${accessCode}`,
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
      id: deps.nextId(), amount, status: 'pending', merchantNote: typeof body.merchant_note === 'string' ? body.merchant_note : null,
      refundReference: `RF_${token(12)}`, createdAt: new Date().toISOString(),
    };
    t.refunds.push(r);
    return { t, r };
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

  return {
    initialize,
    refund,
    debugView,
    byReference: (reference: string) => byReference.get(reference),
    byAccessCode: (accessCode: string) => byAccessCode.get(accessCode),
    all: () => [...byReference.values()],
  };
}
