/** UserSignedUp → a welcome e-mail; tutors are told what verification (KYC) they need. */
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { welcomeEmail } from '../templates.js';

export const handler = eventConsumer('UserSignedUp', async (detail) => {
  // Delivery is at-least-once: send once.
  await doOnce(`welcome#${detail.userId}`, () => sendEmail(welcomeEmail(detail, config.appOrigin)));
});
