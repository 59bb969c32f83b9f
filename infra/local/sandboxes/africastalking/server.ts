/**
 * A local, Africa's Talking-compatible SMS gateway: the production adapter
 * (functions/messaging/africastalking.ts) talks to it unchanged, only AFRICASTALKING_BASE_URL and the
 * credentials differ. It speaks Africa's Talking's SMS API (developers.africastalking.com/docs/sms):
 *
 *   POST /version1/messaging   header apiKey (401 "The supplied authentication is invalid" otherwise);
 *                              form fields username (must be the account's), to (comma-separated
 *                              E.164 numbers), message, from (optional sender id); JSON bodies too
 *                              → 201 { SMSMessageData: { Message, Recipients: [{ statusCode, number,
 *                                      status, cost, messageId }] } }   101 = sent, see wire.ts fateOf
 *                              → 400 text "Request is missing required form field 'to'" …
 *   then delivery reports, form encoded (id, status, phoneNumber, networkCode, failureReason,
 *   retryCount), POSTed to the delivery reports callback: Submitted and Success, or the test
 *   numbers' fates (Sent, Buffered, Rejected, Failed).
 *
 * and plays the phones:
 *
 *   GET /inbox                 every number that received an SMS
 *   GET /inbox/{number}        what that phone received, newest first (any Kenyan form of the number)
 *   GET /__sandbox/messages    everything it holds, with the reports and our callback's answers (tests)
 *
 * State lives in memory: a restart forgets every message.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { kenyanMobileE164 } from '../../../../functions/shared/phone.js';
import { closeServer, HttpError, listen, readText, reply, sendHtml, sendJson, token } from '../../http.js';
import { inboxIndexPage, inboxPage } from '../inbox-page.js';
import { fateOf, sendAnswer, smsPages, type SandboxSms } from './wire.js';

export type { SandboxSms } from './wire.js';

export interface AfricasTalkingSandboxOptions {
  /** 0 picks a free port. */
  port: number;
  username: string;
  apiKey: string;
  /** Where delivery reports go (the gateway's /api/webhooks/africastalking/{token}). */
  callbackUrl: string;
  host?: string;
  /** Wait before each delivery report (default 100 ms): the answer to the send comes first, as on the real network. */
  reportDelayMs?: number;
  log?: (message: string) => void;
}

export interface AfricasTalkingSandbox {
  /** AFRICASTALKING_BASE_URL */
  apiUrl: string;
  /** The inboxes: {url}/inbox */
  url: string;
  messages(): SandboxSms[];
  close(): Promise<void>;
}

const TEXT = 'text/plain; charset=utf-8';

export async function startAfricasTalkingSandbox(options: AfricasTalkingSandboxOptions): Promise<AfricasTalkingSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.warn(message));
  const reportDelayMs = options.reportDelayMs ?? 100;
  const messages: SandboxSms[] = [];
  const pending = new Set<Promise<void>>();

  async function deliverReports(sms: SandboxSms, reports: ReturnType<typeof fateOf>['reports']) {
    for (const report of reports) {
      await new Promise((resolve) => setTimeout(resolve, reportDelayMs));
      const entry: SandboxSms['reports'][number] = { ...report, at: new Date().toISOString() };
      sms.reports.push(entry);
      const form = new URLSearchParams({ id: sms.messageId, status: report.status, phoneNumber: sms.to, networkCode: '63902', retryCount: '0' });
      if (report.failureReason) form.set('failureReason', report.failureReason);
      try {
        const response = await fetch(options.callbackUrl, {
          method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), signal: AbortSignal.timeout(10_000),
        });
        entry.httpStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) log(`[africastalking-sandbox] delivery report ${report.status} ${sms.messageId}: callback answered HTTP ${response.status}`);
      } catch (error) {
        entry.error = (error as Error).message;
        log(`[africastalking-sandbox] delivery report ${report.status} ${sms.messageId}: callback unreachable: ${(error as Error).message}`);
      }
    }
  }

  async function send(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.apikey !== options.apiKey) return reply(res, 401, TEXT, 'The supplied authentication is invalid');
    const raw = await readText(req);
    const fields: Record<string, string> = /json/.test(req.headers['content-type'] ?? '')
      ? Object.fromEntries(Object.entries(JSON.parse(raw || '{}') as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
      : Object.fromEntries(new URLSearchParams(raw));
    for (const field of ['username', 'to', 'message']) {
      if (!fields[field]) throw new HttpError(400, `Request is missing required form field '${field}'`);
    }
    if (fields.username !== options.username) return reply(res, 401, TEXT, 'The supplied authentication is invalid');
    const at = new Date().toISOString();
    const recipients = fields.to!.split(',').map((n) => n.trim()).filter(Boolean).map((number) => {
      const fate = fateOf(number);
      const sms: SandboxSms = {
        messageId: `ATXid_${token(32)}`, to: number, from: fields.from ?? 'AFRICASTKNG', text: fields.message!, at, statusCode: fate.sendCode, reports: [],
      };
      if (fate.sendCode === 101) {
        messages.push(sms);
        const delivery = deliverReports(sms, fate.reports).finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
      return { number, statusCode: fate.sendCode, messageId: sms.messageId, pages: smsPages(sms.text) };
    });
    sendJson(res, 201, sendAnswer(recipients));
  }

  function inboxes(res: ServerResponse) {
    const counts = new Map<string, number>();
    for (const m of messages) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    sendHtml(res, 200, inboxIndexPage("Africa's Talking SMS", [...counts].map(([number, count]) => ({ number, count }))));
  }

  function inbox(res: ServerResponse, written: string) {
    const number = kenyanMobileE164(written) ?? written;
    const received = messages.filter((m) => m.to === number).map((m) => ({
      at: m.at, from: m.from, text: m.text, status: m.reports.at(-1)?.status ?? 'Sent',
    }));
    sendHtml(res, 200, inboxPage("Africa's Talking SMS", number, received));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    if (url.pathname === '/version1/messaging') {
      if (method !== 'POST') return reply(res, 405, TEXT, 'Method not allowed');
      return send(req, res);
    }
    if (method !== 'GET') return reply(res, 405, TEXT, 'Method not allowed');
    if (url.pathname === '/' || url.pathname === '/inbox') return inboxes(res);
    const one = /^\/inbox\/([^/]+)$/.exec(url.pathname);
    if (one) return inbox(res, decodeURIComponent(one[1]!));
    if (url.pathname === '/__sandbox/messages') {
      const to = url.searchParams.get('to');
      const number = to ? kenyanMobileE164(to) ?? to : undefined;
      return sendJson(res, 200, messages.filter((m) => !number || m.to === number));
    }
    reply(res, 404, TEXT, 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return reply(res, error.status, TEXT, error.message);
      log(`[africastalking-sandbox] ${(error as Error).message}`);
      reply(res, 500, TEXT, 'Internal error');
    });
  });
  const port = await listen(server, options.port, host);
  const origin = `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`;
  return {
    apiUrl: `http://${host}:${port}`,
    url: origin,
    messages: () => messages,
    async close() {
      await Promise.allSettled([...pending]);
      await closeServer(server);
    },
  };
}
