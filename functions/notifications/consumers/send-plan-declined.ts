/**
 * PlanDeclined → the family that set the plan up is told, by the channel it chose for lesson
 * changes (SMS by default with a verified number, else the e-mail, which keeps the tutor's
 * reason). Delivery is at-least-once: sent once per plan (doOnce, and the router's once per kind,
 * subject and recipient).
 */
import { notify } from '../../messaging/notify.js';
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { doOnce } from '../../shared/once.js';
import { planDeclinedEmail } from '../templates.js';

export const handler = eventConsumer('PlanDeclined', async (detail) => {
  const people = new Map((await getProfiles([detail.payerId, detail.tutorId])).map((p) => [p.id, p]));
  const payer = people.get(detail.payerId);
  const tutor = people.get(detail.tutorId);
  if (!payer || !tutor) throw new Error(`Plan ${detail.planId}: its payer or tutor was not found`);
  await doOnce(`plan-declined#${detail.planId}`, async () => {
    await notify({
      kind: 'lessonChange', subjectId: `plan-declined#${detail.planId}`, recipient: payer, email: planDeclinedEmail(detail, payer, tutor, config.appOrigin),
      values: {
        change: 'planDeclined', subject: detail.subject, otherName: `${tutor.firstName} ${tutor.lastName}`,
        scheduledAt: detail.firstLessonAt, timeZone: payer.timeZone,
      },
    });
  });
});
