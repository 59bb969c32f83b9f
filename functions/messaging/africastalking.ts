/**
 * Africa's Talking SMS adapter (SmsSender) over fetch, in its own wire format
 * (developers.africastalking.com/docs/sms/sending/bulk):
 *
 *   POST {base}/version1/messaging   headers apiKey, Accept: application/json;
 *                                    form body username, to (E.164, comma-separated), message, from (sender id, optional)
 *   → 201 { SMSMessageData: { Message, Recipients: [{ statusCode, number, status, cost, messageId }] } }
 *     statusCode 101 ("Success") is the only success; the other codes are refusals with the meanings
 *     in {@link AT_STATUS}. A bad key is 401 with a text body; missing fields are 400.
 *
 * Delivery reports (Sent, Submitted, Buffered, Rejected, Success, Failed) are POSTed, form encoded,
 * to the callback URL registered in the dashboard; Africa's Talking signs nothing, so the URL
 * carries a secret token (docs/decisions/2026-11-28-sms-and-whatsapp.md).
 *
 * The credentials are one JSON SecureString (infra/aws/integrations.ts; locally the sandbox's):
 * `{ username, apiKey, senderId?, callbackToken }`.
 */
import { timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { kenyanMobileE164, phoneForLogs } from '../shared/phone.js';
import { logger } from '../shared/logger.js';
import { providerBaseUrl, SecretNotConfigured, secretSource, type SecretSource } from '../shared/secrets.js';
import { SmsFailure, type SmsMessage, type SmsSender, type SmsSent } from './sms.js';

/** The provider id of infra/aws/integrations.ts: env AFRICASTALKING_BASE_URL, _SECRET_PARAMETER, _SECRET_KEY. */
export const AFRICASTALKING_SECRET = { providerId: 'africastalking', label: "Africa's Talking credentials" } as const;
export const AFRICASTALKING_PRODUCTION_URL = 'https://api.africastalking.com';
export const AFRICASTALKING_TIMEOUT_MS = 8_000;

export const AfricasTalkingCredentials = z.object({
  username: z.string().min(1),
  apiKey: z.string().min(1),
  /** An approved alphanumeric sender id or short code; without one Africa's Talking sends from its shared code. */
  senderId: z.string().min(1).optional(),
  /** The last path segment of our delivery reports URL: long and random (at least 24 characters). */
  callbackToken: z.string().min(24),
});
export type AfricasTalkingCredentials = z.infer<typeof AfricasTalkingCredentials>;

const africasTalkingSecret: SecretSource = secretSource(AFRICASTALKING_SECRET);

/** The credentials of this process's environment (cached for five minutes when they come from SSM). */
export async function africasTalkingCredentials(source: SecretSource = africasTalkingSecret): Promise<AfricasTalkingCredentials> {
  const raw = await source();
  let parsed: unknown;
  try { parsed = JSON.parse(raw); } catch { parsed = undefined; }
  const credentials = AfricasTalkingCredentials.safeParse(parsed);
  if (!credentials.success) {
    throw new SecretNotConfigured(`${AFRICASTALKING_SECRET.label} must be JSON {"username","apiKey","senderId"?,"callbackToken" (24+ characters)} (docs/operations.md).`);
  }
  return credentials.data;
}

/** Recipient status codes of a send (Recipients[].statusCode): what each means and whether a later try may succeed. */
export const AT_STATUS: Record<number, { name: string; retryable: boolean }> = {
  100: { name: 'Processed', retryable: false },
  101: { name: 'Sent', retryable: false },
  102: { name: 'Queued', retryable: false },
  401: { name: 'RiskHold', retryable: false },
  402: { name: 'InvalidSenderId', retryable: false },
  403: { name: 'InvalidPhoneNumber', retryable: false },
  404: { name: 'UnsupportedNumberType', retryable: false },
  405: { name: 'InsufficientBalance', retryable: true },
  406: { name: 'UserInBlacklist', retryable: false },
  407: { name: 'CouldNotRoute', retryable: true },
  409: { name: 'DoNotDisturbRejection', retryable: false },
  500: { name: 'InternalServerError', retryable: true },
  501: { name: 'GatewayError', retryable: true },
  502: { name: 'RejectedByGateway', retryable: true },
};
export const AT_SUCCESS = 101;

const SendAnswer = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(z.object({
      statusCode: z.coerce.number().int(),
      number: z.string().optional(),
      status: z.string().optional(),
      cost: z.string().optional(),
      messageId: z.string().optional(),
    })),
  }),
});

/** The one recipient's outcome of a send answer: its message id on 101, else the refusal. */
export function readSendAnswer(httpStatus: number, body: string): SmsSent {
  if (httpStatus === 401) throw new SmsFailure("Africa's Talking refused the API key", undefined, false);
  if (httpStatus !== 201 && httpStatus !== 200) {
    throw new SmsFailure(`Africa's Talking answered HTTP ${httpStatus}: ${body.slice(0, 200)}`, undefined, httpStatus === 429 || httpStatus >= 500);
  }
  let json: unknown;
  try { json = JSON.parse(body); } catch { json = undefined; }
  const answer = SendAnswer.safeParse(json);
  if (!answer.success) throw new SmsFailure("Africa's Talking sent an answer we do not understand", undefined, true);
  const [recipient] = answer.data.SMSMessageData.Recipients;
  if (!recipient) throw new SmsFailure(`Africa's Talking sent to nobody: ${answer.data.SMSMessageData.Message ?? ''}`, undefined, false);
  if (recipient.statusCode !== AT_SUCCESS || !recipient.messageId) {
    const known = AT_STATUS[recipient.statusCode];
    throw new SmsFailure(`Africa's Talking refused the message: ${recipient.statusCode} ${known?.name ?? recipient.status ?? 'unknown'}`,
      recipient.statusCode, known?.retryable ?? false);
  }
  return { messageId: recipient.messageId, cost: recipient.cost ?? '' };
}

export interface AfricasTalkingOptions {
  baseUrl?: string;
  credentials?: () => Promise<AfricasTalkingCredentials>;
}

export function africasTalking(options: AfricasTalkingOptions = {}): SmsSender {
  return {
    async send({ to, text }: SmsMessage): Promise<SmsSent> {
      const number = kenyanMobileE164(to);
      if (!number) throw new SmsFailure('Not a Kenyan mobile number', 403, false);
      const { username, apiKey, senderId } = await (options.credentials ?? africasTalkingCredentials)();
      const base = options.baseUrl ?? providerBaseUrl(AFRICASTALKING_SECRET.providerId, AFRICASTALKING_PRODUCTION_URL);
      const form = new URLSearchParams({ username, to: number, message: text });
      if (senderId) form.set('from', senderId);
      let response: Response;
      try {
        response = await fetch(`${base}/version1/messaging`, {
          method: 'POST',
          headers: { apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(AFRICASTALKING_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsFailure(`Africa's Talking unreachable: ${(error as Error).message}`, undefined, true);
      }
      const sent = readSendAnswer(response.status, await response.text());
      logger.info('SMS sent', { provider: 'africastalking', to: phoneForLogs(number), messageId: sent.messageId });
      return sent;
    },
  };
}

/** Constant-time comparison of the delivery report URL's token with the configured one. */
export function isCallbackToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
