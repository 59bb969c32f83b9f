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
 *   POST /charge, GET /mpesa/:phone, POST /mpesa/prompts/:reference   M-Pesa prompts (mpesa.ts):
 *                                  a charge pushed to a phone, and that phone's answers (PIN, cancel,
 *                                  unreachable, not enough balance)
 *   GET|POST /mpesa/paybill         M-Pesa's Pay Bill menu for charges with provider mpesa_offline:
 *                                  paying the account reference pays the charge (charge.success)
 *
 *   GET  /__sandbox/transactions   everything it holds, with webhook deliveries and refunds (debugging, tests)
 *
 *   POST /transferrecipient, GET /bank   transfer recipients and Kenyan banks (recipients.ts)
 *   GET  /__sandbox/recipients     every recipient created (tests: what the app sent)
 * Transfers and their webhooks (payouts): transfers.ts. The wire format is in wire.ts, the checkout
 * pages in pages.ts, initialize's checks and refunds in transactions.ts, webhook delivery in webhooks.ts,
 * the list endpoints (GET /transaction, /transfer, /refund: the reconciliation) in lists.ts.
 *
 * State lives in memory: restarting `npm start` forgets the transactions, as a fresh test
 * integration would.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, HttpError, listen, readText, sendHtml, sendJson, token } from '../../http.js';
import { checkoutPage, notFoundPage, resultPage } from './pages.js';
import { answerPrompt, chargeAnswer, chargeMobileMoney, paybillPage, payPaybill, phonePage } from './mpesa.js';
import { createRecipientBook, recipientJson } from './recipients.js';
import { transactionBook } from './transactions.js';
import { sandboxLists } from './lists.js';
import { sandboxTransfers } from './transfers.js';
import { webhookSender } from './webhooks.js';
import {
  callbackTarget, chargeSuccessEvent, checkBearer, parseBody, paystackTransactionData, refundEvent, refundQueuedData,
  type SandboxChannel, type SandboxRefund, type SandboxTransaction,
} from './wire.js';

export type { SandboxChannel, SandboxRefund, SandboxStatus, SandboxTransaction, WebhookDelivery } from './wire.js';

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

export async function startPaystackSandbox(options: PaystackSandboxOptions): Promise<PaystackSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.warn(message));
  let nextId = 4_000_000_000 + randomInt(1_000_000);
  let publicOrigin = options.publicOrigin ?? '';
  const book = transactionBook({ nextId: () => nextId++, publicOrigin: () => publicOrigin });
  const recipientBook = createRecipientBook();
  const deliverWebhook = webhookSender({
    url: options.webhookUrl, secretKey: options.secretKey, log,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [250, 1000], timeoutMs: options.webhookTimeoutMs ?? 15_000,
  });

  const authorize = (req: IncomingMessage) => checkBearer(req.headers.authorization, options.secretKey);
  const parseRequestBody = async (req: IncomingMessage) => parseBody(await readText(req), req.headers['content-type']);

  async function completeCheckout(req: IncomingMessage, res: ServerResponse, t: SandboxTransaction): Promise<void> {
    const form = new URLSearchParams(await readText(req));
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

  // Recipients live in the recipient book (POST /transferrecipient); transfers check theirs against it.
  const transfers = sandboxTransfers({
    deliver: deliverWebhook, token, nextId: () => nextId++,
    knownRecipient: (code) => recipientBook.recipients().some((r) => r.recipientCode === code),
  });
  const lists = sandboxLists({ transactions: book.all, transfers: () => transfers.transfers(), transferJson: transfers.json });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (path === '/transferrecipient' || path.startsWith('/transfer/') || path === '/transfer') authorize(req);
    const transferAnswer = await transfers.handle(path, method, () => parseRequestBody(req));
    if (transferAnswer) return sendJson(res, transferAnswer.status, transferAnswer.body);
    const listed = lists.handle(path, method, url.searchParams);
    if (listed) authorize(req);
    if (listed) return sendJson(res, listed.status, listed.body);

    if (path === '/transaction/initialize') {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      authorize(req);
      const t = book.initialize(await parseRequestBody(req));
      return sendJson(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: t.authorizationUrl, access_code: t.accessCode, reference: t.reference },
      });
    }

    if (path === '/charge') {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      authorize(req);
      const t = chargeMobileMoney(await parseRequestBody(req), book.initialize);
      return sendJson(res, 200, chargeAnswer(t));
    }

    const phone = /^\/mpesa\/(\+?\d{9,15})$/.exec(path);
    if (phone && (method === 'GET' || method === 'HEAD')) {
      const number = phone[1]!.replace(/^\+/, '');
      return sendHtml(res, 200, phonePage(number, book.all().filter((t) => t.prompt?.phone === number && !t.paybill).reverse()));
    }

    if (path === '/mpesa/paybill') {
      const waiting = book.all().filter((t) => t.paybill).reverse();
      if (method === 'GET' || method === 'HEAD') return sendHtml(res, 200, paybillPage(waiting));
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      const form = new URLSearchParams(await readText(req));
      const before = waiting.find((t) => t.paybill?.accountReference === (form.get('account_number') ?? '').trim())?.status;
      const t = payPaybill(waiting, form.get('business_number') ?? '', form.get('account_number') ?? '');
      if (before === 'ongoing') await deliverWebhook(t, chargeSuccessEvent(t));
      if ((req.headers.accept ?? '').includes('application/json')) return sendJson(res, 200, { status: t.status, reference: t.reference });
      return sendHtml(res, 200, paybillPage(waiting, t));
    }

    const prompt = /^\/mpesa\/prompts\/([^/]+)$/.exec(path);
    if (prompt) {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      const t = book.byReference(decodeURIComponent(prompt[1]!));
      if (!t?.prompt || t.paybill) throw new HttpError(404, 'No such prompt');
      const answer = new URLSearchParams(await readText(req)).get('answer') ?? '';
      if (answerPrompt(t, answer) && t.status === 'success') await deliverWebhook(t, chargeSuccessEvent(t));
      if ((req.headers.accept ?? '').includes('application/json')) return sendJson(res, 200, { status: t.status, gateway_response: t.gatewayResponse });
      res.writeHead(303, { location: `/mpesa/${t.prompt.phone}`, 'cache-control': 'no-store' });
      res.end();
      return;
    }

    const verify = /^\/transaction\/verify\/([^/]*)$/.exec(path);
    if (verify) {
      if (method !== 'GET') throw new HttpError(405, 'Method not allowed');
      authorize(req);
      const t = book.byReference(decodeURIComponent(verify[1]!));
      if (!t) throw new HttpError(404, 'Transaction reference not found');
      return sendJson(res, 200, { status: true, message: 'Verification successful', data: paystackTransactionData(t) });
    }

    if (path === '/refund') {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      authorize(req);
      const { t, r } = book.refund(await parseRequestBody(req));
      settleRefund(t, r);
      return sendJson(res, 200, { status: true, message: 'Refund has been queued for processing', data: refundQueuedData(t, r) });
    }

    const checkout = /^\/checkout\/([A-Za-z0-9]+)$/.exec(path);
    if (checkout) {
      const t = book.byAccessCode(checkout[1]!);
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
      return sendJson(res, 200, { transactions: book.all().map(book.debugView) });
    }

    throw new HttpError(404, 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        sendJson(res, error.status, { status: false, message: error.message });
        return;
      }
      log(`[paystack-sandbox] ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      sendJson(res, 500, { status: false, message: 'An error occurred in the sandbox' });
    });
  });

  const port = await listen(server, options.port, host);
  publicOrigin = (options.publicOrigin ?? `http://localhost:${port}`).replace(/\/+$/, '');

  return {
    apiUrl: `http://${host}:${port}`,
    url: publicOrigin,
    port,
    transactions: book.all,
    close: () => closeServer(server),
  };
}
