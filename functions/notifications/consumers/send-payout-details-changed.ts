/** PayoutDetailsChanged → tell the tutor where their money now goes (once per change, despite redelivery). */
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { payoutDetailsChangedEmail } from '../templates.js';

export const handler = eventConsumer('PayoutDetailsChanged', async (change) => {
  const tutor = await getProfile(change.tutorId);
  if (!tutor) throw new Error(`Tutor ${change.tutorId} not found`);
  await doOnce(`payout-details-changed#${change.tutorId}#${change.changedAt}`, () => sendEmail(payoutDetailsChangedEmail(change, tutor, config.appOrigin)));
});
