/**
 * Delivery reports from the messaging providers: authenticated, validated and recorded once per
 * (message, status), so a provider's retry or a replayed report changes nothing.
 */
import { NotAuthenticated, ValidationFailed } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { phoneForLogs } from '../shared/phone.js';
import { africasTalkingCredentials, isCallbackToken } from './africastalking.js';
import { AfricasTalkingDeliveryReport, AT_FINAL_STATUSES } from './contract.js';
import { putDeliveryReportOnce } from './repository.js';

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
  if (status === 'Rejected' || status === 'Failed') {
    logger.warn('SMS not delivered', { provider: 'africastalking', messageId: id, status, failureReason });
  }
  return stored ? 'recorded' : 'duplicate';
}
