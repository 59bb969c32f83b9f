/**
 * PayoutPaid → one e-mail to the tutor per payout (doOnce: delivery is at-least-once, and a
 * replayed webhook publishes again).
 */
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { payoutPaidEmail } from '../templates.js';

export const handler = eventConsumer('PayoutPaid', async (detail) => {
  const tutor = await getProfile(detail.tutorId);
  if (!tutor) throw new Error(`Payout ${detail.reference}: the tutor was not found`);
  await doOnce(`payout-paid#${detail.reference}#${detail.occurredAt}`, () => sendEmail(payoutPaidEmail(detail, tutor, config.appOrigin)));
});
