/** UserSignedUp → a welcome e-mail; tutors are told what verification (KYC) they need. */
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { welcomeEmail } from '../templates.js';

export const handler = eventConsumer('UserSignedUp', async (detail) => {
  await sendEmail(welcomeEmail(detail, config.appOrigin));
});
