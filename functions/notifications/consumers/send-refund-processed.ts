/**
 * RefundProcessed → an e-mail to the student who paid, once per refund: per payment, or per lesson of a
 * weekly plan's instalment, except the lessons a plan's ending or a pause refunded (its PlanEnded
 * or PlanPaused e-mail tells the family of them all at once) (doOnce: delivery is
 * at-least-once, and a replayed webhook may publish again).
 */
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { refundedByPlanChange } from '../../plans/end-service.js';
import { refundProcessedEmail } from '../templates.js';

export const handler = eventConsumer('RefundProcessed', async (detail) => {
  const student = await getProfile(detail.studentId);
  if (!student) throw new Error(`Refund ${detail.reference}: the student was not found`);
  await doOnce(`refund-processed#${detail.reference}${detail.planLesson && detail.bookingId ? `#${detail.bookingId}` : ''}`, async () => {
    // A weekly plan's ending or pause refunds its lessons together, and its one e-mail said so.
    if (detail.planLesson && detail.bookingId && await refundedByPlanChange(detail.bookingId)) return;
    await sendEmail(refundProcessedEmail(detail, student, config.appOrigin));
  });
});
