/**
 * PlanEnded → the family is told what is refunded (in KES), which lessons are kept and which are
 * released; the tutor which lessons left their calendar and which still happen. Each by the channel
 * they chose for lesson changes (SMS by default with a verified number, else the e-mail, which
 * holds the dates and the amount). One message per party per plan, never one per lesson (the
 * lessons' BookingCancelled carry planEnded and send nothing). Delivery is at-least-once and a
 * repeated ending publishes again: sent once per plan and party (doOnce, and the router's once per
 * kind, subject and recipient).
 */
import { notify } from '../../messaging/notify.js';
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { doOnce } from '../../shared/once.js';
import { planEndedEmails } from '../templates.js';

export const handler = eventConsumer('PlanEnded', async (detail) => {
  const people = new Map((await getProfiles([detail.payerId, detail.tutorId])).map((p) => [p.id, p]));
  const payer = people.get(detail.payerId);
  const tutor = people.get(detail.tutorId);
  if (!payer || !tutor) throw new Error(`Plan ${detail.planId}: its payer or tutor was not found`);
  const emails = planEndedEmails(detail, payer, tutor, config.appOrigin);
  // The message's time: the first lesson the ending touched (when none, when it ended).
  const from = [...detail.refunded, ...detail.kept, ...detail.released].sort()[0] ?? detail.occurredAt;
  for (const [reader, other, who] of [[payer, tutor, 'family'], [tutor, payer, 'tutor']] as const) {
    await doOnce(`plan-ended#${detail.planId}#${who}`, async () => {
      await notify({
        kind: 'lessonChange', subjectId: `plan-ended#${detail.planId}`, recipient: reader, email: emails[who],
        values: {
          change: who === 'family' ? 'planEnded' : 'planEndedTutor', subject: detail.subject, otherName: `${other.firstName} ${other.lastName}`,
          scheduledAt: from, timeZone: reader.timeZone,
        },
      });
    });
  }
});
