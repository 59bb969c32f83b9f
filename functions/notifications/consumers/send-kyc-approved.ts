/** KycApproved → tell the tutor they are verified and bookable (once, despite redelivery). */
import { claimOnce } from '../../payments/repository.js';
import { getProfile } from '../../profiles/repository.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { kycApprovedEmail } from '../templates.js';

export const handler = eventConsumer('KycApproved', async (detail) => {
  const tutor = await getProfile(detail.tutorId);
  if (!tutor) throw new Error(`Tutor ${detail.tutorId} not found`);
  if (await claimOnce(`kyc-approved#${tutor.id}`, new Date())) await sendEmail(kycApprovedEmail(tutor, config.appOrigin));
});
