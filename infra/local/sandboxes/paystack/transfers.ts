/**
 * Paystack Transfers in the local sandbox (infra/local/sandboxes/paystack/server.ts mounts it): transfer
 * recipients, transfers from the integration's balance and their webhooks, in Paystack's wire
 * format (paystack.com/docs/transfers, paystack.com/docs/api/transfer):
 *
 *   POST /transferrecipient        { type: "mobile_money" | "nuban" | "kepss" | …, name, account_number,
 *                                  bank_code, currency } → 201 data.recipient_code RCP_…
 *   POST /transfer                 { source: "balance", amount (subunits), recipient (RCP_…), reference,
 *                                  reason, currency } → 200 "Transfer has been queued", data.status
 *                                  "pending", data.transfer_code TRF_…; 400 "Recipient specified is
 *                                  invalid", "Your balance is not enough to fulfil this request",
 *                                  "Duplicate Transfer Reference" (any reference it holds, even of a
 *                                  failed transfer: a reference names one transfer, with its own id
 *                                  and transfer_code, which its webhooks carry)
 *   GET  /transfer/verify/:ref     → 200 "Transfer retrieved" with the transfer; 404 "Transfer not found"
 *
 * and lets tests and people end a pending transfer on demand, as Paystack would later:
 *
 *   POST /__sandbox/transfers/:ref/success|failed|reversed   sets the status and POSTs the signed
 *                                  transfer.success / transfer.failed / transfer.reversed webhook (awaited);
 *                                  body { webhook: false }: the webhook is lost (nothing is sent)
 *   POST /__sandbox/transfers/:ref/webhook   sends the webhook of its current state again
 *   GET  /__sandbox/transfers      every transfer and recipient, with webhook deliveries
 */
import type { WebhookDelivery } from './wire.js';

export type SandboxTransferStatus = 'pending' | 'success' | 'failed' | 'reversed';
export const TRANSFER_OUTCOMES = ['success', 'failed', 'reversed'] as const;

export interface SandboxRecipient {
  id: number;
  recipientCode: string;
  type: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  currency: string;
  createdAt: string;
}

export interface SandboxTransfer {
  id: number;
  reference: string;
  transferCode: string;
  amount: number;
  currency: string;
  recipientCode: string;
  reason: string;
  status: SandboxTransferStatus;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  webhookDeliveries: WebhookDelivery[];
}

export interface TransferAnswer { status: number; body: unknown }
type Deliver = (target: { reference: string; webhookDeliveries: WebhookDelivery[] }, event: { event: string; data: Record<string, unknown> }) => Promise<void>;

/** Paystack's answer to a failed M-Pesa transfer, when the test does not give one. */
const DEFAULT_FAILURE = 'Recipient account could not be credited';
const fail = (status: number, message: string): TransferAnswer => ({ status, body: { status: false, message } });

export interface TransfersDeps {
  deliver: Deliver;
  token: (length: number) => string;
  nextId: () => number;
  /** The integration's balance in subunits (KES 10 million unless given). */
  balance?: number;
  /**
   * Whether a recipient code exists, when another part of the sandbox keeps recipients; without
   * it this module serves POST /transferrecipient itself.
   */
  knownRecipient?: (code: string) => boolean;
}

export function sandboxTransfers(deps: TransfersDeps) {
  const recipients = new Map<string, SandboxRecipient>();
  const transfers = new Map<string, SandboxTransfer>();
  let balance = deps.balance ?? 1_000_000_000;

  const recipientData = (r: SandboxRecipient) => ({
    active: true, createdAt: r.createdAt, currency: r.currency, domain: 'test', id: r.id, integration: 100032, name: r.name,
    recipient_code: r.recipientCode, type: r.type, updatedAt: r.createdAt, is_deleted: false,
    details: { authorization_code: null, account_number: r.accountNumber, account_name: r.name, bank_code: r.bankCode, bank_name: r.bankCode === 'MPESA' ? 'M-PESA' : r.bankCode },
  });

  const transferData = (t: SandboxTransfer) => {
    const r = recipients.get(t.recipientCode);
    return {
      amount: t.amount, currency: t.currency, domain: 'test', failures: null, id: t.id, integration: 100032, reason: t.reason,
      reference: t.reference, source: 'balance', source_details: null, status: t.status, titan_code: null, transfer_code: t.transferCode,
      transferred_at: t.status === 'success' ? t.updatedAt : null, createdAt: t.createdAt, updatedAt: t.updatedAt,
      ...(t.failureReason ? { gateway_response: t.failureReason } : {}),
      recipient: r ? recipientData(r) : t.recipientCode,
    };
  };

  function createRecipient(body: Record<string, unknown>): TransferAnswer {
    const type = String(body.type ?? '');
    const name = String(body.name ?? '').trim();
    const accountNumber = String(body.account_number ?? '').trim();
    const bankCode = String(body.bank_code ?? '').trim();
    if (!type) return fail(400, 'Recipient type is required');
    if (!name) return fail(400, 'Name is required');
    if (!accountNumber) return fail(400, 'Account number is required');
    if (!bankCode) return fail(400, 'Bank code is required');
    const r: SandboxRecipient = {
      id: deps.nextId(), recipientCode: `RCP_${deps.token(15).toLowerCase()}`, type, name, accountNumber, bankCode,
      currency: String(body.currency ?? 'KES'), createdAt: new Date().toISOString(),
    };
    recipients.set(r.recipientCode, r);
    return { status: 201, body: { status: true, message: 'Transfer recipient created successfully', data: recipientData(r) } };
  }

  function initiate(body: Record<string, unknown>): TransferAnswer {
    if (body.source !== 'balance') return fail(400, 'Invalid transfer source');
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) return fail(400, 'Invalid amount passed');
    const recipientCode = String(body.recipient ?? '');
    if (!(deps.knownRecipient ?? ((code) => recipients.has(code)))(recipientCode)) return fail(400, 'Recipient specified is invalid');
    const reference = String(body.reference ?? '') || `trf_${deps.token(12).toLowerCase()}`;
    if (!/^[a-z0-9_-]{6,100}$/.test(reference)) return fail(400, 'Invalid transfer reference: lowercase letters, digits, - and _ only');
    // One transfer per reference, whatever became of it: a failed transfer is never queued again
    // under its reference, so a retry is a new transfer (its own reference, id and code).
    if (transfers.has(reference)) return fail(400, 'Duplicate Transfer Reference');
    if (amount > balance) return fail(400, 'Your balance is not enough to fulfil this request');
    balance -= amount;
    const now = new Date().toISOString();
    const t: SandboxTransfer = {
      id: deps.nextId(), reference, transferCode: `TRF_${deps.token(15).toLowerCase()}`, amount, currency: String(body.currency ?? 'KES'),
      recipientCode, reason: String(body.reason ?? ''), status: 'pending', failureReason: null, createdAt: now, updatedAt: now, webhookDeliveries: [],
    };
    transfers.set(reference, t);
    return { status: 200, body: { status: true, message: 'Transfer has been queued', data: transferData(t) } };
  }

  /** Ends a pending transfer (or reverses a successful one) and sends its webhook, unless it is to be lost. */
  async function finish(reference: string, outcome: string, reason: string | undefined, webhook = true): Promise<TransferAnswer> {
    const t = transfers.get(reference);
    if (!t) return fail(404, 'Transfer not found');
    if (!(TRANSFER_OUTCOMES as readonly string[]).includes(outcome)) return fail(400, 'outcome must be success, failed or reversed');
    const allowed = outcome === 'reversed' ? t.status === 'pending' || t.status === 'success' : t.status === 'pending';
    if (!allowed) return fail(400, `Transfer is ${t.status}`);
    t.status = outcome as SandboxTransferStatus;
    t.updatedAt = new Date().toISOString();
    if (outcome !== 'success') {
      balance += t.amount;
      t.failureReason = reason || (outcome === 'reversed' ? 'Transfer reversed by the recipient institution' : DEFAULT_FAILURE);
    }
    if (webhook) await deps.deliver(t, { event: `transfer.${outcome}`, data: transferData(t) });
    return { status: 200, body: { status: true, message: `Transfer ${outcome}`, data: transferData(t) } };
  }

  return {
    /** The answer for a transfer path, or null when the path is not one of these. */
    async handle(path: string, method: string, body: () => Promise<Record<string, unknown>>): Promise<TransferAnswer | null> {
      if (path === '/transferrecipient' && method === 'POST' && !deps.knownRecipient) return createRecipient(await body());
      if (path === '/transfer' && method === 'POST') return initiate(await body());
      const verify = /^\/transfer\/verify\/([^/]+)$/.exec(path);
      if (verify && method === 'GET') {
        const t = transfers.get(decodeURIComponent(verify[1]!));
        return t ? { status: 200, body: { status: true, message: 'Transfer retrieved', data: transferData(t) } } : fail(404, 'Transfer not found');
      }
      const end = /^\/__sandbox\/transfers\/([^/]+)\/([a-z]+)$/.exec(path);
      if (end && method === 'POST' && end[2] === 'webhook') {
        // Paystack sends the webhook of the transfer's state again (its retries of a lost delivery).
        const t = transfers.get(decodeURIComponent(end[1]!));
        if (!t) return fail(404, 'Transfer not found');
        if (t.status === 'pending') return fail(400, 'Transfer is pending');
        await deps.deliver(t, { event: `transfer.${t.status}`, data: transferData(t) });
        return { status: 200, body: { status: true, message: 'Webhook sent', data: transferData(t) } };
      }
      if (end && method === 'POST') {
        const given = await body().catch(() => ({} as Record<string, unknown>));
        return finish(decodeURIComponent(end[1]!), end[2]!, typeof given.reason === 'string' ? given.reason : undefined, given.webhook !== false);
      }
      if (path === '/__sandbox/transfers' && method === 'GET') {
        return { status: 200, body: { balance, recipients: [...recipients.values()], transfers: [...transfers.values()] } };
      }
      return null;
    },
    transfers: () => [...transfers.values()],
    /** A transfer as Paystack writes it (the list endpoints, lists.ts). */
    json: transferData,
  };
}
