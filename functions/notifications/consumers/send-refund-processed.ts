/**
 * RefundProcessed → an e-mail to the student who paid, once per refund: per payment, or per lesson of a
 * weekly plan's instalment (doOnce: delivery is
 * at-least-once, and a replayed webhook may publish again).
 */
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { refundProcessedEmail } from '../templates.js';

export const handler = eventConsumer('RefundProcessed', async (detail) => {
  const student = await getProfile(detail.studentId);
  if (!student) throw new Error(`Refund ${detail.reference}: the student was not found`);
  await doOnce(`refund-processed#${detail.reference}${detail.planLesson && detail.bookingId ? `#${detail.bookingId}` : ''}`, () => sendEmail(refundProcessedEmail(detail, student, config.appOrigin)));
});
