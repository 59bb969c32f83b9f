/**
 * Routes: paying for a booking (Paystack), its webhook, and problem payments for super admins.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  InitializePaymentRequest, InitializePaymentResponse, PaystackWebhookReceipt, VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '../bookings/contract.js';
import {
  PaymentProblemParams, PaymentProblemsQuery, PaymentProblemsResponse, RefundTransactionRequest, RefundTransactionResponse,
  ResolvePaymentProblemRequest, ResolvePaymentProblemResponse,
} from './problems.js';
import { PaystackWebhook } from './provider.js';
import { MpesaPromptParams, MpesaPromptRequest, MpesaPromptResponse } from './contract.js';
import { PROMPT_RATE_LIMIT } from './mpesa-rules.js';
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';

export const paymentsRoutes = {
  initializePayment: {
    method: 'POST', path: '/api/payments/initialize', handler: 'payments/handlers/initialize-payment', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'],
    summary: 'Start paying for one\'s own booking: amount from the booking, returns the provider\'s authorization URL. The attempt is recorded only once the provider accepted it (502 otherwise).',
    body: InitializePaymentRequest, responses: { 200: InitializePaymentResponse }, errors: [403, 404, 409, 422],
  },
  sendMpesaPrompt: {
    method: 'POST', path: '/api/payments/mpesa-prompts', handler: 'payments/handlers/send-mpesa-prompt', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'], rateLimit: PROMPT_RATE_LIMIT,
    summary: 'Pay for one\'s own booking by M-Pesa prompt: the amount from the booking, pushed to the number given (Paystack Charge API, a fresh reference per prompt, recorded before it is sent). Answers `waiting`, or why it failed at once. With `method: "paybill"` nothing is pushed: Paystack\'s M-Pesa offline answers the Paybill business number and account reference to pay from M-Pesa\'s menu (in `paybill`), and the page waits as for a prompt.',
    body: MpesaPromptRequest, responses: { 200: MpesaPromptResponse }, errors: [403, 404, 409, 422],
  },
  getMpesaPrompt: {
    method: 'GET', path: '/api/payments/mpesa-prompts/{reference}', handler: 'payments/handlers/get-mpesa-prompt', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Where one\'s own M-Pesa prompt stands: waiting, paid, cancelled, unreachable, insufficient_funds, declined, timeout (2 minutes without an answer) or refunding (a Paybill payment never times out; its number and reference come again). Asks Paystack at most every 10 s per prompt however often it is polled, and applies what it says as the webhook does (once).',
    params: MpesaPromptParams, responses: { 200: MpesaPromptResponse }, errors: [404],
  },
  verifyPayment: {
    method: 'POST', path: '/api/payments/verify', handler: 'payments/handlers/verify-payment', access: 'signed-in',
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Ask the provider about a reference of one\'s own booking and apply the result; answers with what the payment bought (tutor, subject and time, or the course; amount; reference) from its own record, and whether the payer can pay again (the lesson still holds its time unpaid).',
    body: VerifyPaymentRequest, responses: { 200: VerifyPaymentResponse }, errors: [403, 404],
  },
  paystackWebhook: {
    method: 'POST', path: '/api/webhooks/paystack', handler: 'payments/handlers/paystack-webhook', access: 'public',
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Paystack events; x-paystack-signature checked (401 otherwise); idempotent per reference.',
    rawBody: PaystackWebhook, headers: ['x-paystack-signature'], responses: { 200: PaystackWebhookReceipt }, errors: [401],
  },
  listPaymentProblems: {
    method: 'GET', path: '/api/admin/payment-problems', handler: 'payments/handlers/list-payment-problems',
    access: ['super_admin'], grants: ['table:read'],
    summary: 'Open problem payments (amount mismatch, duplicate, needs refund, refund failed), newest first, each with payer, amounts and what to do; cursor, limit (default 20). No Scan.',
    query: PaymentProblemsQuery, responses: { 200: PaymentProblemsResponse },
  },
  resolvePaymentProblem: {
    method: 'POST', path: '/api/admin/payment-problems/{reference}/resolve', handler: 'payments/handlers/resolve-payment-problem',
    access: ['super_admin'], grants: ['table:read', 'table:write'],
    summary: 'Mark a problem payment resolved with a note of what was done (audited); it leaves the open list.',
    params: PaymentProblemParams, body: ResolvePaymentProblemRequest, responses: { 200: ResolvePaymentProblemResponse }, errors: [404, 409],
  },
  refundTransaction: {
    method: 'POST', path: '/api/admin/transactions/{reference}/refund', handler: 'payments/handlers/refund-transaction',
    access: ['super_admin'], grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Refund a payment (a lesson\'s or a course\'s) in full through Paystack, with a reason; audited (who, when, why) and shown in the transactions list. A lesson not yet started is cancelled (its hours freed, both parties e-mailed) and a course enrolment ends, in the same step; a completed lesson\'s refund is recorded as a dispute decided at once (full refund, the reason as its note). 409 when already refunded or not refundable.',
    params: PaymentProblemParams, body: RefundTransactionRequest, responses: { 200: RefundTransactionResponse }, errors: [404, 409],
  },
} as const satisfies Record<string, RouteDef>;
