/** CertificateIssued → the learner (a child's parent, their contact) gets the certificate's link, once per certificate (doOnce). */
import { certificateByCode } from '../../certificates/service.js';
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { certificateIssuedEmail } from '../templates.js';

export const handler = eventConsumer('CertificateIssued', async (detail) => {
  const [cert, learner] = await Promise.all([certificateByCode(detail.code), getProfile(detail.parentId ?? detail.studentId)]);
  if (!cert || !learner) throw new Error(`Certificate ${detail.code}: the certificate or its learner was not found`);
  await doOnce(`certificate-issued#${detail.code}`, () => sendEmail(certificateIssuedEmail(cert, learner, config.appOrigin)));
});
