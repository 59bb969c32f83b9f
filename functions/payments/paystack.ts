/**
 * Paystack adapter (PaymentProvider) over fetch. Wire format as Paystack documents it
 * (https://paystack.com/docs/api/transaction/, PaystackOSS/openapi):
 *
 * - every answer is the envelope `{ status: boolean, message: string, data? }`; `status: false`
 *   with a 4xx carries the reason in `message` ("Invalid key" with 401, "Transaction reference
 *   not found" with 404, "Duplicate Transaction Reference" with 400 …);
 * - POST /transaction/initialize (JSON; amount in subunits; metadata as a JSON string) →
 *   `data.authorization_url`, `data.access_code`, `data.reference`;
 * - POST /charge `{ email, amount, currency, reference, mobile_money: { phone, provider: "mpesa" }, metadata }`
 *   → `data.status` "pay_offline" (the M-Pesa prompt is on the payer's phone; `data.display_text`
 *   says so), "failed" with `data.gateway_response`, or (rarely) "success"/"pending"; the result
 *   arrives as a charge.success webhook and through verify, checked no more often than every 10 s;
 *   with `provider: "mpesa_offline"` no prompt is pushed: `data.status` "pay_offline" carries
 *   `account_number` (the Paybill business number) and `account_reference` (a string or a number)
 *   that the payer enters in M-Pesa's Pay Bill menu; the result arrives the same way;
 * - GET /transaction/verify/{reference} → 200 with the transaction in `data` for every known
 *   reference, whatever its state: `data.status` ("success", "failed", "abandoned" …) is what
 *   tells whether money was taken, never the envelope's `status`;
 * - POST /refund `{ transaction, amount?, merchant_note? }` → `data.status` "pending" (the refund is
 *   queued; refund.pending / refund.processed / refund.failed webhooks follow);
 * - POST /transferrecipient `{ type, name, account_number, bank_code, currency }` → `data.recipient_code`
 *   (RCP_…) and `data.details` (account_number, account_name, bank_code, bank_name);
 * - GET /bank?country=kenya&currency=KES&type=… → `data` is a list of `{ name, code, active, type … }`;
 * - POST /transfer `{ source: "balance", amount, recipient, reference, reason, currency }` →
 *   `data.status` "pending" (or "otp" when the integration still asks for an OTP: disable it) and
 *   `data.transfer_code`; a reference Paystack already has is refused as a duplicate;
 * - GET /transfer/verify/{reference} → the transfer (404 when unknown);
 * - webhooks carry `x-paystack-signature`: hex HMAC-SHA512 of the raw body keyed with the secret key.
 *
 * `PAYSTACK_BASE_URL` (default https://api.paystack.co) is the only difference between
 * production and the local sandbox (infra/local/sandboxes/paystack/server.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { logger } from '../shared/logger.js';
import {
  PaystackTransferData, toProviderTransfer, type ChargeAnswer, type InitializePayment, type ListQuery, type MobileMoneyCharge, type PaymentProvider, type ProviderBank,
  type ProviderRefund, type ProviderTransaction,
} from './provider.js';
import { providerBaseUrl, secretSource, type SecretSource } from '../shared/secrets.js';

export const PAYSTACK_API = 'https://api.paystack.co';
/** The provider id of infra/aws/integrations.ts: env PAYSTACK_BASE_URL, PAYSTACK_SECRET_PARAMETER, PAYSTACK_SECRET_KEY. */
export const PAYSTACK_SECRET = { providerId: 'paystack', label: 'Paystack secret key' } as const;
/** The key for this process's environment (cached for five minutes when it comes from SSM). */
export const paystackSecretKey: SecretSource = secretSource(PAYSTACK_SECRET);
/** Per request; API Gateway gives the whole Lambda 30 s and ours has 10 s. */
export const PAYSTACK_TIMEOUT_MS = 8_000;

const TRANSACTION_STATUSES = ['success', 'failed', 'abandoned', 'pending', 'ongoing', 'processing', 'queued', 'reversed'] as const;

/** A Paystack call that did not give an answer we can use. Never carries the secret key. */
export class PaystackError extends Error {
  /** HTTP status from Paystack; undefined when no answer came (network error, timeout). */
  readonly httpStatus: number | undefined;
  /** Paystack's own `message`, when it sent one. */
  readonly providerMessage: string | undefined;
  /** Worth trying again later (timeouts, network errors, 429, 5xx). */
  readonly retryable: boolean;

  constructor(message: string, details: { httpStatus?: number; providerMessage?: string; retryable: boolean; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'PaystackError';
    this.httpStatus = details.httpStatus;
    this.providerMessage = details.providerMessage;
    this.retryable = details.retryable;
  }
}

const Envelope = z.object({ status: z.boolean(), message: z.string().optional().default('') }).passthrough();

const InitializeData = z.object({
  authorization_url: z.url(),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

const TransferRecipientData = z.object({
  recipient_code: z.string().min(1),
  details: z.object({ bank_name: z.string().nullish() }).passthrough().nullish(),
}).passthrough();

const BankData = z.object({
  name: z.string().min(1),
  code: z.string().min(1),
  active: z.boolean().nullish(),
  is_deleted: z.boolean().nullish(),
}).passthrough();

/** The fields of a Paystack transaction the product reads (verify `data`, webhook `data`). */
export const PaystackTransactionData = z.object({
  reference: z.string().min(1),
  status: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  channel: z.string().nullish(),
  paid_at: z.string().nullish(),
  gateway_response: z.string().nullish(),
}).passthrough();

/** Paystack's transaction `data` → the port's ProviderTransaction. */
export function toProviderTransaction(data: unknown): ProviderTransaction {
  const parsed = PaystackTransactionData.safeParse(data);
  if (!parsed.success) {
    throw new PaystackError(`Paystack sent a transaction we cannot read: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`, { retryable: false });
  }
  const t = parsed.data;
  if (!(TRANSACTION_STATUSES as readonly string[]).includes(t.status)) {
    throw new PaystackError(`Paystack sent an unknown transaction status "${t.status}" for ${t.reference}`, { retryable: false });
  }
  return {
    reference: t.reference,
    status: t.status as ProviderTransaction['status'],
    amountMinor: t.amount,
    currency: t.currency,
    ...(t.channel ? { channel: t.channel } : {}),
    ...(t.paid_at ? { paidAt: t.paid_at } : {}),
    ...(t.gateway_response ? { gatewayResponse: t.gateway_response } : {}),
  };
}

/** What a payment's body shares, initialize's or a charge's (documented field names; amount in subunits). */
function paymentFields(input: { email: string; amountMinor: number; currency: 'KES'; reference: string; metadata: Record<string, string> }) {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new RangeError(`amountMinor must be a positive integer number of subunits, got ${input.amountMinor}`);
  }
  return {
    email: input.email,
    // Paystack documents amount as a string of subunits (integers are accepted too).
    amount: String(input.amountMinor),
    currency: input.currency,
    reference: input.reference,
    // Documented as a "stringified JSON object"; verify and webhooks return it parsed.
    metadata: JSON.stringify(input.metadata),
  };
}

/** The JSON body Paystack's initialize endpoint takes. */
export function initializeBody(input: InitializePayment): Record<string, unknown> {
  return { ...paymentFields(input), callback_url: input.callbackUrl, channels: input.channels };
}

const ChargeData = z.object({
  status: z.string().min(1),
  display_text: z.string().nullish(),
  gateway_response: z.string().nullish(),
  account_number: z.union([z.string(), z.number()]).nullish(),
  account_reference: z.union([z.string(), z.number()]).nullish(),
}).passthrough();

/** The JSON body of POST /charge for an M-Pesa prompt. */
export function mobileMoneyChargeBody(input: MobileMoneyCharge): Record<string, unknown> {
  return { ...paymentFields(input), mobile_money: { phone: input.phone, provider: input.provider } };
}

/** True for a well-formed x-paystack-signature over rawBody with this secret (timing-safe). */
export function isValidPaystackSignature(rawBody: string, signature: string | undefined, secretKey: string): boolean {
  // 64 bytes of SHA-512, hex: anything else is not a signature (and timingSafeEqual needs equal lengths).
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export function paystackSignature(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody, 'utf8').digest('hex');
}

export interface PaystackOptions {
  /** Default: env PAYSTACK_BASE_URL, else https://api.paystack.co (read at each call). */
  baseUrl?: string;
  secretKey?: SecretSource | (() => Promise<string>);
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface Answer {
  httpStatus: number;
  envelope: z.infer<typeof Envelope>;
}

export function paystackProvider(options: PaystackOptions = {}): PaymentProvider {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? PAYSTACK_TIMEOUT_MS;
  const secretKey = options.secretKey ?? paystackSecretKey;
  const refreshable = 'refreshable' in secretKey && secretKey.refreshable;
  const baseUrl = () => (options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : providerBaseUrl(PAYSTACK_SECRET.providerId, PAYSTACK_API));

  async function send(operation: string, path: string, init: { method: 'GET' | 'POST'; body?: unknown }, key: string): Promise<Answer> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl()}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      const message = timedOut
        ? `Paystack ${operation}: no answer within ${timeoutMs / 1000} s`
        : `Paystack ${operation}: request failed (${(error as Error).message})`;
      logger.warn(message);
      throw new PaystackError(message, { retryable: true, cause: error });
    }
    const text = await response.text();
    let parsed: z.infer<typeof Envelope> | undefined;
    try {
      const result = Envelope.safeParse(JSON.parse(text));
      if (result.success) parsed = result.data;
    } catch { /* not JSON: handled below */ }
    if (!parsed) {
      const message = `Paystack ${operation}: unexpected answer (HTTP ${response.status}, not a Paystack JSON envelope)`;
      logger.warn(message, { httpStatus: response.status });
      throw new PaystackError(message, { httpStatus: response.status, retryable: response.status === 429 || response.status >= 500 });
    }
    return { httpStatus: response.status, envelope: parsed };
  }

  /** One call; after a 401 with a key from SSM, fetch the key again once (it may have been rolled). */
  async function call(operation: string, path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Answer> {
    const answer = await send(operation, path, init, await secretKey());
    if (answer.httpStatus !== 401 || !refreshable) return answer;
    const fresh = await (secretKey as SecretSource)({ forceFetch: true });
    return send(operation, path, init, fresh);
  }

  function failure(operation: string, answer: Answer): PaystackError {
    const { httpStatus, envelope } = answer;
    const message = `Paystack ${operation} failed (HTTP ${httpStatus}): ${envelope.message || 'no message'}`;
    logger.warn(message, { httpStatus, providerMessage: envelope.message });
    return new PaystackError(message, {
      httpStatus,
      providerMessage: envelope.message,
      retryable: httpStatus === 429 || httpStatus >= 500,
    });
  }

  /** One page of a Paystack list (perPage/page, from/to as ISO date-times). */
  async function list(operation: string, path: string, query: ListQuery): Promise<{ data: unknown[]; pageCount: number }> {
    const params = new URLSearchParams({
      perPage: String(query.perPage), page: String(query.page), from: query.from.toISOString(), to: query.to.toISOString(),
      ...(query.status ? { status: query.status } : {}),
    });
    const answer = await call(operation, `${path}?${params}`, { method: 'GET' });
    if (answer.httpStatus !== 200 || !answer.envelope.status) throw failure(operation, answer);
    const data = z.array(z.unknown()).safeParse(answer.envelope.data);
    if (!data.success) throw new PaystackError(`Paystack ${operation}: answer is not a list`, { httpStatus: answer.httpStatus, retryable: false });
    const meta = ListMeta.safeParse(answer.envelope.meta);
    return { data: data.data, pageCount: meta.success ? meta.data.pageCount : 1 };
  }

  async function transactionReference(id: number): Promise<string> {
    const answer = await call('fetch transaction', `/transaction/${id}`, { method: 'GET' });
    if (answer.httpStatus !== 200 || !answer.envelope.status) throw failure('fetch transaction', answer);
    return toProviderTransaction(answer.envelope.data).reference;
  }

  return {
    async initialize(input) {
      const answer = await call('initialize', '/transaction/initialize', { method: 'POST', body: initializeBody(input) });
      if (answer.httpStatus !== 200 || !answer.envelope.status) throw failure('initialize', answer);
      const data = InitializeData.safeParse(answer.envelope.data);
      if (!data.success) throw new PaystackError('Paystack initialize: answer without authorization_url/access_code', { httpStatus: answer.httpStatus, retryable: false });
      return { authorizationUrl: data.data.authorization_url, accessCode: data.data.access_code };
    },

    async chargeMobileMoney(input): Promise<ChargeAnswer> {
      const answer = await call('charge', '/charge', { method: 'POST', body: mobileMoneyChargeBody(input) });
      // A declined charge is an answer too (status true or false, with the reason in data).
      const data = ChargeData.safeParse(answer.envelope.data);
      if (answer.httpStatus >= 500 || answer.httpStatus === 429 || answer.httpStatus === 401 || !data.success) throw failure('charge', answer);
      return {
        status: data.data.status,
        ...(data.data.display_text ? { displayText: data.data.display_text } : {}),
        ...(data.data.gateway_response ? { gatewayResponse: data.data.gateway_response } : {}),
        ...(data.data.account_number != null ? { accountNumber: String(data.data.account_number) } : {}),
        ...(data.data.account_reference != null ? { accountReference: String(data.data.account_reference) } : {}),
      };
    },

    async verify(reference) {
      const answer = await call('verify', `/transaction/verify/${encodeURIComponent(reference)}`, { method: 'GET' });
      const { httpStatus, envelope } = answer;
      if (httpStatus === 200 && envelope.status) return toProviderTransaction(envelope.data);
      // Paystack: 404 "Transaction reference not found" (some older answers used 400 with the same message).
      if (!envelope.status && (httpStatus === 404 || (httpStatus === 400 && /(reference|transaction) not found/i.test(envelope.message)))) {
        return null;
      }
      throw failure('verify', answer);
    },

    async refund(input) {
      const body = {
        transaction: input.reference,
        ...(input.amountMinor === undefined ? {} : { amount: input.amountMinor }),
        ...(input.merchantNote ? { merchant_note: input.merchantNote } : {}),
      };
      const answer = await call('refund', '/refund', { method: 'POST', body });
      if (answer.httpStatus !== 200 || !answer.envelope.status) throw failure('refund', answer);
      const data = z.object({ status: z.string() }).passthrough().safeParse(answer.envelope.data);
      return { status: data.success ? data.data.status : 'pending' };
    },

    async initiateTransfer(input) {
      const body = { source: 'balance', amount: input.amountMinor, recipient: input.recipientCode, reference: input.reference, reason: input.reason, currency: 'KES' };
      const answer = await call('transfer', '/transfer', { method: 'POST', body });
      if (!answer.envelope.status && answer.httpStatus === 400 && /duplicate/i.test(answer.envelope.message)) return 'duplicate';
      if (answer.httpStatus !== 200 || !answer.envelope.status) throw failure('transfer', answer);
      const data = PaystackTransferData.safeParse(answer.envelope.data);
      if (!data.success) throw new PaystackError('Paystack transfer: answer without a transfer', { httpStatus: answer.httpStatus, retryable: false });
      return toProviderTransfer(data.data);
    },

    async verifyTransfer(reference) {
      const answer = await call('verify transfer', `/transfer/verify/${encodeURIComponent(reference)}`, { method: 'GET' });
      if (!answer.envelope.status && (answer.httpStatus === 404 || (answer.httpStatus === 400 && /not found/i.test(answer.envelope.message)))) return null;
      if (answer.httpStatus !== 200 || !answer.envelope.status) throw failure('verify transfer', answer);
      const data = PaystackTransferData.safeParse(answer.envelope.data);
      if (!data.success) throw new PaystackError('Paystack verify transfer: answer without a transfer', { httpStatus: answer.httpStatus, retryable: false });
      return toProviderTransfer(data.data);
    },

    async isValidWebhookSignature(rawBody, signature) {
      return isValidPaystackSignature(rawBody, signature, await secretKey());
    },

    async createTransferRecipient(input) {
      const body = { type: input.type, name: input.name, account_number: input.accountNumber, bank_code: input.bankCode, currency: input.currency };
      // Paystack answers 201 for a new recipient and 200 when the account already had one.
      const answer = await call('create transfer recipient', '/transferrecipient', { method: 'POST', body });
      if ((answer.httpStatus !== 200 && answer.httpStatus !== 201) || !answer.envelope.status) throw failure('create transfer recipient', answer);
      const data = TransferRecipientData.safeParse(answer.envelope.data);
      if (!data.success) throw new PaystackError('Paystack create transfer recipient: answer without recipient_code', { httpStatus: answer.httpStatus, retryable: false });
      const bankName = data.data.details?.bank_name;
      return { recipientCode: data.data.recipient_code, ...(bankName ? { bankName } : {}) };
    },

    async listTransactions(query) {
      const page = await list('list transactions', '/transaction', query);
      return { pageCount: page.pageCount, items: page.data.map((item) => toProviderTransaction(item)) };
    },

    async listTransfers(query) {
      const page = await list('list transfers', '/transfer', query);
      const items = z.array(PaystackTransferData).safeParse(page.data);
      if (!items.success) throw new PaystackError('Paystack list transfers: answer is not a list of transfers', { retryable: false });
      return { pageCount: page.pageCount, items: items.data.map(toProviderTransfer) };
    },

    async listRefunds(query) {
      const page = await list('list refunds', '/refund', query);
      const items = z.array(RefundListData).safeParse(page.data);
      if (!items.success) throw new PaystackError('Paystack list refunds: answer is not a list of refunds', { retryable: false });
      const refunds: ProviderRefund[] = [];
      for (const r of items.data) {
        // Only the transaction's id: Paystack's GET /transaction/:id names its reference.
        const reference = typeof r.transaction === 'number' ? await transactionReference(r.transaction) : r.transaction.reference;
        refunds.push({ transactionReference: reference, amountMinor: r.amount, status: r.status, ...(r.refund_reference ? { refundReference: r.refund_reference } : {}) });
      }
      return { pageCount: page.pageCount, items: refunds };
    },

    async listBanks(input) {
      const query = new URLSearchParams({ country: input.country, currency: input.currency, type: input.type, perPage: '100' });
      const answer = await call('list banks', `/bank?${query}`, { method: 'GET' });
      if (answer.httpStatus !== 200 || !answer.envelope.status) throw failure('list banks', answer);
      const data = z.array(BankData).safeParse(answer.envelope.data);
      if (!data.success) throw new PaystackError('Paystack list banks: answer is not a list of banks', { httpStatus: answer.httpStatus, retryable: false });
      return data.data.filter((bank) => bank.active !== false && !bank.is_deleted).map((bank): ProviderBank => ({ code: bank.code, name: bank.name }));
    },
  };
}

/** Paystack's list meta (perPage/page paging). */
const ListMeta = z.object({ pageCount: z.coerce.number().int().nonnegative() }).passthrough();

/** A refund as GET /refund lists it: its transaction as an object (reference) or only its numeric id. */
const RefundListData = z.object({
  amount: z.coerce.number().int().nonnegative(),
  status: z.string(),
  transaction: z.union([z.object({ reference: z.string().min(1) }).passthrough(), z.coerce.number().int()]),
  refund_reference: z.string().nullish(),
}).passthrough();

let cached: PaymentProvider | undefined;
/** The provider for this Lambda container (created once; reads its configuration lazily). */
export function paymentProvider(): PaymentProvider {
  cached ??= paystackProvider();
  return cached;
}
