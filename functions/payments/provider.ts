/**
 * The payment provider port. Paystack (card + M-Pesa, KES) implements it in paystack.ts; locally
 * the same adapter talks to the Paystack-compatible sandbox (infra/local/sandboxes/paystack/server.ts).
 * Amounts are integer minor units (KES cents, Paystack's "subunits").
 */
import * as z from 'zod';
import { BoundedId } from '../shared/contract.js';

export type PaymentChannel = 'card' | 'mobile_money';

export interface InitializePayment {
  reference: string;
  email: string;
  amountMinor: number;
  currency: 'KES';
  callbackUrl: string;
  channels: PaymentChannel[];
  metadata: Record<string, string>;
}

/** A payment pushed to the payer's phone (Paystack Charge API, mobile money): no checkout page. */
export interface MobileMoneyCharge {
  reference: string;
  email: string;
  amountMinor: number;
  currency: 'KES';
  /** 2547XXXXXXXX: functions/shared/phone.ts normalizeKenyanMobile. */
  phone: string;
  /** `mpesa`: M-Pesa's STK push; `mpesa_offline`: no prompt, the payer pays a Paybill number with an account reference. */
  provider: 'mpesa' | 'mpesa_offline';
  metadata: Record<string, string>;
}

/** Paystack's first answer to a charge: `pay_offline` means the prompt is on the phone; the result comes later. */
export interface ChargeAnswer {
  status: string;
  displayText?: string;
  gatewayResponse?: string;
  /** mpesa_offline: the Paybill (business) number and the account reference to pay it with. */
  accountNumber?: string;
  accountReference?: string;
}

export interface ProviderTransaction {
  reference: string;
  /** Paystack's statuses; only "success" means money was taken. */
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'ongoing' | 'processing' | 'queued' | 'reversed';
  amountMinor: number;
  currency: string;
  channel?: string;
  paidAt?: string;
  gatewayResponse?: string;
}

export interface PaymentProvider {
  initialize(input: InitializePayment): Promise<{ authorizationUrl: string; accessCode: string }>;
  /** POST /charge with mobile_money: sends the M-Pesa prompt; verify() tells how it ended. */
  chargeMobileMoney(input: MobileMoneyCharge): Promise<ChargeAnswer>;
  /** The provider's view of a transaction, or null when it knows no such reference. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  /** x-paystack-signature: HMAC-SHA512 of the raw body keyed with the secret key (timing-safe). */
  isValidWebhookSignature(rawBody: string, signature: string | undefined): Promise<boolean>;
  /**
   * Asks for money back on a successful transaction (the whole amount unless `amountMinor`).
   * The answer only says the refund was queued; refund.* webhooks report how it ends.
   */
  refund(input: RefundRequest): Promise<{ status: string }>;
  /** POST /transferrecipient: a beneficiary transfers can pay (Paystack answers an existing one for the same account). */
  createTransferRecipient(input: NewTransferRecipient): Promise<TransferRecipient>;
  /** GET /bank: the banks of a country that transfers can reach. */
  listBanks(input: { country: 'kenya'; currency: 'KES'; type: TransferRecipientType }): Promise<ProviderBank[]>;
  /**
   * Sends money from the integration's balance to a transfer recipient (Paystack Transfers).
   * `duplicate` when Paystack already has a transfer with this reference (ask verifyTransfer).
   */
  initiateTransfer(input: TransferRequest): Promise<ProviderTransfer | 'duplicate'>;
  /** Paystack's view of a transfer, or null when it knows no such reference. */
  verifyTransfer(reference: string): Promise<ProviderTransfer | null>;
  /**
   * One page of what Paystack did in a time window (GET /transaction, /transfer, /refund, created
   * `from` ≤ createdAt < `to`): what the ledger's reconciliation compares with the records.
   */
  listTransactions(query: ListQuery): Promise<ListPage<ProviderTransaction>>;
  listTransfers(query: ListQuery): Promise<ListPage<ProviderTransfer>>;
  listRefunds(query: ListQuery): Promise<ListPage<ProviderRefund>>;
}

export interface ListQuery {
  from: Date;
  to: Date;
  /** 1-based. */
  page: number;
  perPage: number;
  /** Only this Paystack status (e.g. success), when given. */
  status?: string;
}

export interface ListPage<T> {
  items: T[];
  /** Paystack's meta.pageCount: the pages the window has at this perPage. */
  pageCount: number;
}

export interface ProviderRefund {
  /** The refunded transaction's reference (ours: ALP-…). */
  transactionReference: string;
  amountMinor: number;
  /** pending, processing, processed, failed, needs-attention. */
  status: string;
  /** Paystack's own reference of this refund (a payment refunded lesson by lesson has several). */
  refundReference?: string;
}

/** Kenya: M-Pesa wallets are `mobile_money` (bank_code MPESA); bank accounts are `kepss` (Kenya Electronic Payment and Settlement System). */
export type TransferRecipientType = 'mobile_money' | 'kepss';

export interface NewTransferRecipient {
  type: TransferRecipientType;
  name: string;
  /** The M-Pesa number (2547XXXXXXXX) or the bank account number. */
  accountNumber: string;
  bankCode: string;
  currency: 'KES';
}

export interface TransferRecipient {
  /** RCP_…: what a transfer names. */
  recipientCode: string;
  /** The institution as Paystack names it, when it says. */
  bankName?: string;
}

export interface ProviderBank {
  code: string;
  name: string;
}

export interface TransferRequest {
  reference: string;
  amountMinor: number;
  /** RCP_… */
  recipientCode: string;
  /** Shown to the recipient (Paystack's narration). */
  reason: string;
}

export interface ProviderTransfer {
  reference: string;
  /** pending, otp, received, success, failed, reversed, abandoned, blocked, rejected … */
  status: string;
  transferCode?: string;
  amountMinor: number;
  /** Why it failed or was reversed, when Paystack says. */
  failureReason?: string;
}

/** Paystack's transfer object (POST /transfer, GET /transfer/verify, transfer.* webhooks): the fields we read. */
export const PaystackTransferData = z.object({
  reference: BoundedId,
  status: z.string(),
  amount: z.coerce.number().int().nonnegative(),
  transfer_code: z.string().nullish(),
  gateway_response: z.string().nullish(),
  failures: z.unknown().optional(),
  reason: z.string().nullish(),
}).passthrough();

export const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const;
export const PaystackTransferWebhook = z.object({ event: z.enum(TRANSFER_EVENTS), data: PaystackTransferData }).passthrough();
export type PaystackTransferWebhook = z.infer<typeof PaystackTransferWebhook>;

/** Paystack's transfer `data` → ProviderTransfer; the failure reason from gateway_response or failures. */
export function toProviderTransfer(data: z.infer<typeof PaystackTransferData>): ProviderTransfer {
  const failures = data.failures;
  const fromFailures = typeof failures === 'string' ? failures
    : failures && typeof failures === 'object' && 'reason' in failures && typeof failures.reason === 'string' ? failures.reason : undefined;
  const failureReason = data.gateway_response ?? fromFailures;
  return {
    reference: data.reference, status: data.status, amountMinor: data.amount,
    ...(data.transfer_code ? { transferCode: data.transfer_code } : {}),
    ...(failureReason ? { failureReason } : {}),
  };
}

export interface RefundRequest {
  reference: string;
  amountMinor?: number;
  /** Why, for the merchant's records (Paystack's merchant_note). */
  merchantNote?: string;
}

/**
 * Paystack's refund.pending / refund.processed / refund.failed webhooks (the fields we read;
 * Paystack also sends "processing" and "needs-attention", which change nothing here). `amount`
 * arrives as a number or a numeric string.
 */
export const PaystackRefundWebhook = z.object({
  event: z.enum(['refund.pending', 'refund.processing', 'refund.processed', 'refund.failed', 'refund.needs-attention']),
  data: z.object({
    transaction_reference: BoundedId,
    status: z.string(),
    amount: z.coerce.number().int().nonnegative(),
    currency: z.string(),
    refund_reference: z.string().nullish(),
  }).passthrough(),
}).passthrough();
export type PaystackRefundWebhook = z.infer<typeof PaystackRefundWebhook>;

/** The part of a Paystack webhook the product reads (https://paystack.com/docs/payments/webhooks). */
export const PaystackWebhook = z.object({
  event: z.string(),
  data: z.object({
    reference: BoundedId,
    status: z.string(),
    amount: z.number().int().nonnegative(),
    currency: z.string(),
    channel: z.string().optional(),
    paid_at: z.string().nullish(),
    gateway_response: z.string().nullish(),
  }).passthrough(),
}).passthrough();
export type PaystackWebhook = z.infer<typeof PaystackWebhook>;
