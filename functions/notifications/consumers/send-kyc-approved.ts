/** KycApproved → tell the tutor they are verified and bookable (once, despite redelivery). */
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { kycApprovedEmail } from '../templates.js';

export const handler = eventConsumer('KycApproved', async (detail) => {
  const tutor = await getProfile(detail.tutorId);
  if (!tutor) throw new Error(`Tutor ${detail.tutorId} not found`);
  await doOnce(`kyc-approved#${tutor.id}`, () => sendEmail(kycApprovedEmail(tutor, config.appOrigin)));
});
