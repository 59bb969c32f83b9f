/**
 * WhatsApp Cloud API adapter over fetch (developers.facebook.com/docs/whatsapp/cloud-api):
 *
 *   POST {base}/{version}/{phone-number-id}/messages   Authorization: Bearer {access token}
 *     { messaging_product: "whatsapp", recipient_type: "individual", to: "2547…", type: "template",
 *       template: { name, language: { code }, components: [{ type: "body", parameters: [{ type: "text", text }] }] } }
 *   → 200 { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }
 *   → 4xx { error: { message, type, code, error_subcode?, fbtrace_id } }
 *
 * Only pre-approved templates may open a conversation with a user, so every send names one, in
 * `en` or `sw`. Statuses (sent, delivered, read, failed) arrive at our webhook, signed with the
 * app secret (X-Hub-Signature-256), and are recorded like SMS delivery reports (delivery-service.ts).
 *
 * The credentials are one JSON SecureString (infra/aws/integrations.ts; locally the sandbox's):
 * `{ phoneNumberId, accessToken, appSecret, verifyToken }`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { logger } from '../shared/logger.js';
import { normalizeKenyanMobile, phoneForLogs } from '../shared/phone.js';
import { providerBaseUrl, SecretNotConfigured, secretSource, type SecretSource } from '../shared/secrets.js';

export const WHATSAPP_SECRET = { providerId: 'whatsapp', label: 'WhatsApp Cloud API credentials' } as const;
export const WHATSAPP_PRODUCTION_URL = 'https://graph.facebook.com';
/** The Graph API version the adapter speaks (Meta keeps each for two years). */
export const WHATSAPP_API_VERSION = 'v21.0';
export const WHATSAPP_TIMEOUT_MS = 8_000;

export const WhatsAppCredentials = z.object({
  phoneNumberId: z.string().regex(/^\d+$/),
  accessToken: z.string().min(1),
  /** The Meta app's secret: webhooks are signed with it. */
  appSecret: z.string().min(1),
  /** Chosen by the operator and entered in the app's webhook settings; Meta echoes it when subscribing. */
  verifyToken: z.string().min(16),
});
export type WhatsAppCredentials = z.infer<typeof WhatsAppCredentials>;

const whatsAppSecret: SecretSource = secretSource(WHATSAPP_SECRET);

export async function whatsAppCredentials(source: SecretSource = whatsAppSecret): Promise<WhatsAppCredentials> {
  let parsed: unknown;
  try { parsed = JSON.parse(await source()); } catch (error) {
    if (error instanceof SecretNotConfigured) throw error;
    parsed = undefined;
  }
  const credentials = WhatsAppCredentials.safeParse(parsed);
  if (!credentials.success) {
    throw new SecretNotConfigured(`${WHATSAPP_SECRET.label} must be JSON {"phoneNumberId","accessToken","appSecret","verifyToken" (16+ characters)} (docs/operations.md).`);
  }
  return credentials.data;
}

export type WhatsAppLanguage = 'en' | 'sw';

export interface WhatsAppTemplateMessage {
  /** A Kenyan mobile number in any form functions/shared/phone.ts accepts. */
  to: string;
  /** The approved template's name. */
  template: string;
  language: WhatsAppLanguage;
  /** The body's {{1}}, {{2}} … in order. */
  parameters: readonly string[];
}

/** Meta refused the message or could not be reached; `code` is the Graph API error code when it gave one. */
export class WhatsAppFailure extends Error {
  constructor(message: string, readonly code: number | undefined, readonly retryable: boolean) {
    super(message);
    this.name = 'WhatsAppFailure';
  }
}

/** Graph API codes worth a later try: throttling (4, 80007, 130429, 131056) and Meta's own errors (1, 2, 131000). */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131056]);

const SendAnswer = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
const ErrorAnswer = z.object({ error: z.object({ message: z.string(), code: z.number().int().optional() }) });

export function readWhatsAppAnswer(httpStatus: number, body: string): { messageId: string } {
  let json: unknown;
  try { json = JSON.parse(body); } catch { json = undefined; }
  if (httpStatus >= 200 && httpStatus < 300) {
    const ok = SendAnswer.safeParse(json);
    if (ok.success) return { messageId: ok.data.messages[0]!.id };
    throw new WhatsAppFailure('WhatsApp sent an answer we do not understand', undefined, true);
  }
  const refused = ErrorAnswer.safeParse(json);
  const code = refused.success ? refused.data.error.code : undefined;
  throw new WhatsAppFailure(`WhatsApp refused the message (HTTP ${httpStatus}${code === undefined ? '' : `, code ${code}`}): ${refused.success ? refused.data.error.message : body.slice(0, 200)}`,
    code, code === undefined ? httpStatus >= 500 : RETRYABLE_CODES.has(code));
}

export interface WhatsAppOptions {
  baseUrl?: string;
  credentials?: () => Promise<WhatsAppCredentials>;
}

export function whatsApp(options: WhatsAppOptions = {}) {
  return {
    async sendTemplate({ to, template, language, parameters }: WhatsAppTemplateMessage): Promise<{ messageId: string }> {
      const number = normalizeKenyanMobile(to);
      if (!number) throw new WhatsAppFailure('Not a Kenyan mobile number', undefined, false);
      const { phoneNumberId, accessToken } = await (options.credentials ?? whatsAppCredentials)();
      const base = options.baseUrl ?? providerBaseUrl(WHATSAPP_SECRET.providerId, WHATSAPP_PRODUCTION_URL);
      let response: Response;
      try {
        response = await fetch(`${base}/${WHATSAPP_API_VERSION}/${phoneNumberId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp', recipient_type: 'individual', to: number, type: 'template',
            template: {
              name: template, language: { code: language },
              components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
            },
          }),
          signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
        });
      } catch (error) {
        throw new WhatsAppFailure(`WhatsApp unreachable: ${(error as Error).message}`, undefined, true);
      }
      const sent = readWhatsAppAnswer(response.status, await response.text());
      logger.info('WhatsApp message sent', { provider: 'whatsapp', to: phoneForLogs(number), template, messageId: sent.messageId });
      return sent;
    },
  };
}

/** X-Hub-Signature-256: `sha256=` + hex HMAC-SHA256 of the raw body with the app secret. */
export function whatsAppSignature(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

export function hasValidWhatsAppSignature(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(whatsAppSignature(rawBody, appSecret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
