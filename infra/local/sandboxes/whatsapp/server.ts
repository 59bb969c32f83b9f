/**
 * A local, WhatsApp Cloud API-compatible server: the production adapter (functions/messaging/whatsapp.ts)
 * talks to it unchanged, only WHATSAPP_BASE_URL and the credentials differ. It speaks the Cloud API
 * (developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 *
 *   POST /{version}/{phone-number-id}/messages   Authorization: Bearer {access token}; JSON
 *        { messaging_product: "whatsapp", to, type: "template", template: { name, language: { code },
 *          components: [{ type: "body", parameters: [{ type: "text", text }] }] } }
 *        → 200 { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }
 *        → 401 { error: { code: 190, type: "OAuthException", … } }   wrong token
 *        → 400 { error: { code: 100 … } } unknown phone number id or malformed message,
 *              { error: { code: 132001 … } } a language other than en / sw (no such translation)
 *   then status webhooks (sent, delivered, read; or sent, failed with error 131026 for the test
 *   number 254700000131), signed X-Hub-Signature-256 = sha256=hex HMAC-SHA256(app secret, body),
 *   POSTed to our webhook.
 *
 * and plays the phones: GET /inbox, GET /inbox/{number} (as the SMS sandbox), GET /__sandbox/messages.
 * State lives in memory.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { normalizeKenyanMobile } from '../../../../functions/shared/phone.js';
import { closeServer, listen, readText, reply, sendHtml, sendJson, token } from '../../http.js';
import { inboxIndexPage, inboxPage } from '../inbox-page.js';

export interface SandboxWhatsAppMessage {
  id: string;
  /** Digits with the country code, as the Cloud API's wa_id. */
  to: string;
  template: string;
  language: string;
  parameters: string[];
  at: string;
  statuses: Array<{ status: string; httpStatus?: number; error?: string; at: string }>;
}

export interface WhatsAppSandboxOptions {
  port: number;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  /** Our webhook (the gateway's /api/webhooks/whatsapp). */
  webhookUrl: string;
  host?: string;
  /** Wait before each status webhook (default 100 ms). */
  statusDelayMs?: number;
  log?: (message: string) => void;
}

/** A template message as the Cloud API takes it (what it refuses with code 100 otherwise). */
const TemplateMessage = z.object({
  messaging_product: z.literal('whatsapp'),
  to: z.string().min(1),
  type: z.literal('template'),
  template: z.object({
    name: z.string().min(1),
    language: z.object({ code: z.string() }),
    components: z.array(z.object({ type: z.string(), parameters: z.array(z.object({ type: z.literal('text'), text: z.string() })).optional() })).optional(),
  }),
});

/** The one test number whose messages fail after being accepted (131026: message undeliverable). */
export const UNDELIVERABLE_NUMBER = '254700000131';

const graphError = (res: ServerResponse, status: number, code: number, message: string, type = 'OAuthException') =>
  sendJson(res, status, { error: { message, type, code, fbtrace_id: `A${token(22)}` } });

/** What the phone shows for a template: its name and parameters (the sandbox does not hold Meta's approved texts). */
const shownText = (m: SandboxWhatsAppMessage) => `${m.parameters.join('\n')}\n\n(template ${m.template}, ${m.language})`;

export async function startWhatsAppSandbox(options: WhatsAppSandboxOptions) {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.warn(message));
  const statusDelayMs = options.statusDelayMs ?? 100;
  const messages: SandboxWhatsAppMessage[] = [];
  const pending = new Set<Promise<void>>();

  async function sendStatuses(message: SandboxWhatsAppMessage) {
    const fates = message.to === UNDELIVERABLE_NUMBER ? ['sent', 'failed'] : ['sent', 'delivered', 'read'];
    for (const status of fates) {
      await new Promise((resolve) => setTimeout(resolve, statusDelayMs));
      const entry: SandboxWhatsAppMessage['statuses'][number] = { status, at: new Date().toISOString() };
      message.statuses.push(entry);
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{
          id: '100000000000000',
          changes: [{
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '254700000000', phone_number_id: options.phoneNumberId },
              statuses: [{
                id: message.id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: message.to,
                ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
              }],
            },
          }],
        }],
      });
      const signature = `sha256=${createHmac('sha256', options.appSecret).update(body).digest('hex')}`;
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body, signal: AbortSignal.timeout(10_000),
        });
        entry.httpStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) log(`[whatsapp-sandbox] status ${status} ${message.id}: webhook answered HTTP ${response.status}`);
      } catch (error) {
        entry.error = (error as Error).message;
        log(`[whatsapp-sandbox] status ${status} ${message.id}: webhook unreachable: ${(error as Error).message}`);
      }
    }
  }

  async function send(req: IncomingMessage, res: ServerResponse, phoneNumberId: string) {
    if (req.headers.authorization !== `Bearer ${options.accessToken}`) return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (phoneNumberId !== options.phoneNumberId) {
      return graphError(res, 400, 100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 'GraphMethodException');
    }
    let json: unknown;
    try { json = JSON.parse(await readText(req)); } catch { return graphError(res, 400, 100, 'Invalid parameter'); }
    const parsed = TemplateMessage.safeParse(json);
    if (!parsed.success) return graphError(res, 400, 100, 'Invalid parameter');
    const body = parsed.data;
    const template = body.template;
    const parameters = template.components?.find((c) => c.type === 'body')?.parameters ?? [];
    if (!['en', 'sw'].includes(template.language.code)) {
      return graphError(res, 404, 132001, `(#132001) Template name does not exist in the translation: ${template.name} (${template.language.code})`);
    }
    const to = String(body.to).replace(/\D/g, '');
    const message: SandboxWhatsAppMessage = {
      id: `wamid.${Buffer.from(token(24)).toString('base64url')}`, to, template: template.name, language: template.language.code,
      parameters: parameters.map((p) => p.text), at: new Date().toISOString(), statuses: [],
    };
    messages.push(message);
    const delivery = sendStatuses(message).finally(() => pending.delete(delivery));
    pending.add(delivery);
    sendJson(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to }], messages: [{ id: message.id }] });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const messagesCall = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(url.pathname);
    if (messagesCall) {
      if (method !== 'POST') return graphError(res, 400, 100, 'Unsupported get request.');
      return send(req, res, messagesCall[1]!);
    }
    if (method !== 'GET') return reply(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    const digits = (written: string) => normalizeKenyanMobile(written) ?? written.replace(/\D/g, '');
    if (url.pathname === '/' || url.pathname === '/inbox') {
      const counts = new Map<string, number>();
      for (const m of messages) counts.set(`+${m.to}`, (counts.get(`+${m.to}`) ?? 0) + 1);
      return sendHtml(res, 200, inboxIndexPage('WhatsApp', [...counts].map(([number, count]) => ({ number, count }))));
    }
    const one = /^\/inbox\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const number = digits(decodeURIComponent(one[1]!));
      const received = messages.filter((m) => m.to === number)
        .map((m) => ({ at: m.at, from: 'ALP (WhatsApp)', text: shownText(m), status: m.statuses.at(-1)?.status ?? 'accepted' }));
      return sendHtml(res, 200, inboxPage('WhatsApp', `+${number}`, received));
    }
    if (url.pathname === '/__sandbox/messages') {
      const to = url.searchParams.get('to');
      return sendJson(res, 200, messages.filter((m) => !to || m.to === digits(to)));
    }
    reply(res, 404, 'text/plain; charset=utf-8', 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`[whatsapp-sandbox] ${(error as Error).message}`);
      graphError(res, 500, 1, 'An unknown error occurred', 'OAuthException');
    });
  });
  const port = await listen(server, options.port, host);
  return {
    apiUrl: `http://${host}:${port}`,
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    messages: () => messages,
    async close() {
      await Promise.allSettled([...pending]);
      await closeServer(server);
    },
  };
}
