/**
 * ParentApprovalRequested → a fresh single-use link to the parent of a student under 18 who signed
 * up alone: by e-mail, and by SMS (Africa's Talking) when the student gave a phone. In the
 * student's language. The link is issued by households (approval-service.ts); its token exists
 * only in these messages.
 */
import { issueApprovalLink } from '../../households/approval-service.js';
import { africasTalking } from '../../messaging/africastalking.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { logger } from '../../shared/logger.js';
import { doOnce } from '../../shared/once.js';
import { parentApprovalMessages } from '../templates.js';

export const handler = eventConsumer('ParentApprovalRequested', async (detail) => {
  // Delivery is at-least-once: one link per request event (a retry after a failed send issues another, which replaces it).
  await doOnce(`parent-approval#${detail.studentId}#${detail.occurredAt}`, async () => {
    const link = await issueApprovalLink(detail.studentId);
    if (!link) return;
    const { email, sms } = parentApprovalMessages(link.request, link.token, link.expiresAt, config.appOrigin);
    await sendEmail(email);
    // The e-mail is the message of record; an SMS that fails is logged, not retried (a retry would mail a second link).
    if (sms) await africasTalking().send(sms).catch((error: Error) => logger.warn('Parent approval SMS not sent', { error }));
  });
});
