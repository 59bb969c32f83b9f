/**
 * Delivery reports from the messaging providers: authenticated, validated and recorded once per
 * (message, status), so a provider's retry or a replayed report changes nothing.
 */
import { Forbidden, NotAuthenticated, ValidationFailed } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { normalizeKenyanMobile, phoneForLogs } from '../shared/phone.js';
import { africasTalkingCredentials, isCallbackToken } from './africastalking.js';
import { isStopReply } from './channels.js';
import { AfricasTalkingDeliveryReport, AfricasTalkingIncomingSms, AT_FINAL_STATUSES, WhatsAppWebhook, WHATSAPP_STATUSES } from './contract.js';
import { fallBackAfterUndelivered, optOut } from './notify.js';
import { deleteDeliveryReport, putDeliveryReportOnce } from './repository.js';
import { hasValidWhatsAppSignature, whatsAppCredentials } from './whatsapp.js';

/** Form encoded as Africa's Talking posts it, or JSON; anything else is an empty report (refused below). */
function readFields(raw: string, contentType: string | undefined): unknown {
  if (/json/i.test(contentType ?? '') || raw.trimStart().startsWith('{')) {
    try { return JSON.parse(raw); } catch { return {}; }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * An SMS delivery report posted to /api/webhooks/africastalking/{token}. Africa's Talking signs
 * nothing, so the token in the URL (the credentials' callbackToken) is what authenticates it.
 */
export async function recordAfricasTalkingReport(
  token: string, raw: string, contentType: string | undefined, now = new Date(),
): Promise<'recorded' | 'duplicate'> {
  const { callbackToken } = await africasTalkingCredentials();
  if (!isCallbackToken(token, callbackToken)) throw new NotAuthenticated('Unknown delivery reports URL');
  const report = AfricasTalkingDeliveryReport.safeParse(readFields(raw, contentType));
  if (!report.success) throw new ValidationFailed(`Not a delivery report: ${report.error.issues[0]?.path.join('.') ?? ''} ${report.error.issues[0]?.message ?? ''}`.trim());
  const { id, status, phoneNumber, failureReason } = report.data;
  const stored = await putDeliveryReportOnce({
    provider: 'africastalking', messageId: id, status, final: AT_FINAL_STATUSES.has(status),
    ...(failureReason ? { failureReason } : {}),
    ...(phoneNumber ? { phone: phoneForLogs(phoneNumber) } : {}),
    receivedAt: now.toISOString(),
  });
  if (stored && (status === 'Rejected' || status === 'Failed')) {
    logger.warn('SMS not delivered', { provider: 'africastalking', messageId: id, status, failureReason });
    await fallBackOrForget('africastalking', id, status, `${status}${failureReason ? ` ${failureReason}` : ''}`);
  }
  return stored ? 'recorded' : 'duplicate';
}

/**
 * The notification of an undelivered message goes on by its next channel. When that fails the
 * report is forgotten again and the webhook answers 5xx, so the provider's retry tries again
 * (the channels already sent are not sent twice).
 */
async function fallBackOrForget(provider: 'africastalking' | 'whatsapp', messageId: string, status: string, reason: string): Promise<void> {
  try {
    await fallBackAfterUndelivered(provider, messageId, reason);
  } catch (error) {
    await deleteDeliveryReport(provider, messageId, status);
    throw error;
  }
}

/**
 * An SMS a user sent us (Africa's Talking's incoming messages callback, authenticated by the same
 * token as delivery reports): STOP from a verified number stops SMS for its account.
 */
export async function receiveIncomingSms(token: string, raw: string, contentType: string | undefined, now = new Date()): Promise<'opted-out' | 'ignored'> {
  const { callbackToken } = await africasTalkingCredentials();
  if (!isCallbackToken(token, callbackToken)) throw new NotAuthenticated('Unknown incoming messages URL');
  const sms = AfricasTalkingIncomingSms.safeParse(readFields(raw, contentType));
  if (!sms.success) throw new ValidationFailed(`Not an incoming SMS: ${sms.error.issues[0]?.path.join('.') ?? ''} ${sms.error.issues[0]?.message ?? ''}`.trim());
  const phone = normalizeKenyanMobile(sms.data.from);
  if (!phone || !isStopReply(sms.data.text)) return 'ignored';
  return (await optOut('sms', phone, now)) ? 'opted-out' : 'ignored';
}

/** Meta's subscription check: the challenge when the verify token is ours, 403 otherwise. */
export async function verifyWhatsAppSubscription(verifyToken: string, challenge: string): Promise<string> {
  const credentials = await whatsAppCredentials();
  if (!isCallbackToken(verifyToken, credentials.verifyToken)) throw new Forbidden('Unknown verify token');
  return challenge;
}

/**
 * A WhatsApp webhook notification: trusted only with a valid X-Hub-Signature-256 over the exact
 * raw body; each message status recorded once (Meta retries deliveries for up to seven days).
 */
export async function recordWhatsAppStatuses(raw: string, signature: string | undefined, now = new Date()): Promise<{ recorded: number; duplicates: number }> {
  const { appSecret } = await whatsAppCredentials();
  if (!hasValidWhatsAppSignature(raw, signature, appSecret)) throw new NotAuthenticated('Invalid signature');
  let json: unknown;
  try { json = JSON.parse(raw); } catch { json = undefined; }
  const notification = WhatsAppWebhook.safeParse(json);
  if (!notification.success) throw new ValidationFailed('Not a WhatsApp webhook notification');
  let recorded = 0;
  let duplicates = 0;
  const statuses = notification.data.entry.flatMap((e) => e.changes).filter((c) => c.field === 'messages').flatMap((c) => c.value.statuses ?? []);
  for (const status of statuses) {
    // Statuses Meta may add later are acknowledged, not recorded as something we do not know.
    if (!(WHATSAPP_STATUSES as readonly string[]).includes(status.status)) continue;
    const failure = status.errors?.[0];
    const stored = await putDeliveryReportOnce({
      provider: 'whatsapp', messageId: status.id, status: status.status, final: status.status === 'read' || status.status === 'failed',
      ...(failure ? { failureReason: `${failure.code}${failure.title ? ` ${failure.title}` : ''}` } : {}),
      ...(status.recipient_id ? { phone: phoneForLogs(status.recipient_id) } : {}),
      receivedAt: now.toISOString(),
    });
    if (stored) recorded += 1; else duplicates += 1;
    if (stored && status.status === 'failed') {
      logger.warn('WhatsApp message not delivered', { provider: 'whatsapp', messageId: status.id, failure: failure?.code });
      await fallBackOrForget('whatsapp', status.id, status.status, `failed${failure ? ` ${failure.code}` : ''}`);
    }
  }
  // A user's STOP (typed, or the template's opt-out button) stops WhatsApp for the account of that number.
  const replies = notification.data.entry.flatMap((e) => e.changes).filter((c) => c.field === 'messages').flatMap((c) => c.value.messages ?? []);
  for (const reply of replies) {
    const phone = normalizeKenyanMobile(reply.from);
    if (phone && isStopReply(reply.text?.body ?? reply.button?.text ?? '')) await optOut('whatsapp', phone, now);
  }
  return { recorded, duplicates };
}
