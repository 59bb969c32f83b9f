/** UserSignedUp → a welcome e-mail; tutors are told what verification (KYC) they need. */
import { claimOnce } from '../../payments/repository.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { welcomeEmail } from '../templates.js';

export const handler = eventConsumer('UserSignedUp', async (detail) => {
  // Delivery is at-least-once: claim the e-mail before sending it.
  if (await claimOnce(`welcome#${detail.userId}`, new Date())) await sendEmail(welcomeEmail(detail, config.appOrigin));
});
