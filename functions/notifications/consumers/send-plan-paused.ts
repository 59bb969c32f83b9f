/**
 * PlanPaused → the family is told which weeks are paused, what is refunded (in KES), which lessons
 * are kept and which released; the tutor which lessons left their calendar and which still happen.
 * Each by the channel they chose for lesson changes, as for an ending (send-plan-ended.ts). One
 * message per party per pause, never one per lesson (the lessons' BookingCancelled carry
 * planPaused and send nothing). Delivery is at-least-once and a retried pause publishes again:
 * sent once per pause and party (doOnce, and the router's once per kind, subject and recipient).
 */
import { notify } from '../../messaging/notify.js';
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { doOnce } from '../../shared/once.js';
import { planPausedEmails } from '../templates.js';

export const handler = eventConsumer('PlanPaused', async (detail) => {
  const people = new Map((await getProfiles([detail.payerId, detail.tutorId])).map((p) => [p.id, p]));
  const payer = people.get(detail.payerId);
  const tutor = people.get(detail.tutorId);
  if (!payer || !tutor) throw new Error(`Plan ${detail.planId}: its payer or tutor was not found`);
  const emails = planPausedEmails(detail, payer, tutor, config.appOrigin);
  // The message's time: the first lesson the pause touched (when none, when it was paused).
  const from = [...detail.refunded, ...detail.kept, ...detail.released].sort()[0] ?? detail.occurredAt;
  const pause = `plan-paused#${detail.planId}#${detail.pausedAt}`;
  for (const [reader, other, who] of [[payer, tutor, 'family'], [tutor, payer, 'tutor']] as const) {
    await doOnce(`${pause}#${who}`, async () => {
      await notify({
        kind: 'lessonChange', subjectId: pause, recipient: reader, email: emails[who],
        values: {
          change: who === 'family' ? 'planPaused' : 'planPausedTutor', subject: detail.subject, otherName: `${other.firstName} ${other.lastName}`,
          scheduledAt: from, timeZone: reader.timeZone,
        },
      });
    });
  }
});
