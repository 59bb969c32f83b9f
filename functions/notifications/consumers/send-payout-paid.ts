/**
 * PayoutPaid → one message to the tutor per payout, by the channel they chose (e-mail by default;
 * functions/messaging/notify.ts). Once (doOnce: delivery is at-least-once, and a replayed webhook
 * publishes again).
 */
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { notify } from '../../messaging/notify.js';
import { doOnce } from '../../shared/once.js';
import { payoutPaidEmail } from '../templates.js';

export const handler = eventConsumer('PayoutPaid', async (detail) => {
  const tutor = await getProfile(detail.tutorId);
  if (!tutor) throw new Error(`Payout ${detail.reference}: the tutor was not found`);
  await doOnce(`payout-paid#${detail.reference}#${detail.occurredAt}`, async () => {
    await notify({
      kind: 'payoutPaid', subjectId: `${detail.reference}#${detail.occurredAt}`, recipient: tutor,
      email: payoutPaidEmail(detail, tutor, config.appOrigin), values: { amountMinor: detail.amountMinor, reference: detail.reference },
    });
  });
});
