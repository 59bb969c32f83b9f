/**
 * LessonReschedule → moving a lesson told by the channel each reader chose for lesson changes
 * (functions/messaging/notify.ts: SMS by default with a verified number, else the e-mail): a
 * proposal to the other party, an accepted move to both (the new time in each reader's zone), a
 * declined or withdrawn proposal to the party who did not act. The student is the booking's payer
 * (the parent who booked for a child). Delivery is at-least-once, so each is sent once per
 * proposal, step and reader (doOnce, and the router's once per kind, subject and recipient; the
 * proposal's time makes each proposal's messages distinct).
 */
import type { LessonReschedule } from '../../../events/index.js';
import type { LessonChange } from '../../messaging/texts.js';
import { notify } from '../../messaging/notify.js';
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { doOnce } from '../../shared/once.js';
import { lessonRescheduleEmails } from '../templates.js';

/** The step as a lesson change: an accepted move is the lesson moved; a proposal turned down keeps its time. */
function lessonChange(detail: LessonReschedule): LessonChange {
  switch (detail.step) {
    case 'accepted': return { change: 'moved' };
    case 'proposed': return { change: 'moveProposed' };
    case 'declined': return { change: 'moveDeclined', staysAt: detail.previousStart };
    default: return { change: 'moveWithdrawn', staysAt: detail.previousStart };
  }
}

export const handler = eventConsumer('LessonReschedule', async (detail) => {
  const people = new Map((await getProfiles([detail.studentId, detail.tutorId])).map((p) => [p.id, p]));
  const student = people.get(detail.studentId);
  const tutor = people.get(detail.tutorId);
  if (!student || !tutor) throw new Error(`Lesson ${detail.bookingId}: its student or tutor was not found`);
  const change = lessonChange(detail);
  const emails = lessonRescheduleEmails(detail, student, tutor, config.appOrigin);
  for (const who of ['student', 'tutor'] as const) {
    const email = emails[who];
    if (!email) continue;
    const [reader, other] = who === 'student' ? [student, tutor] : [tutor, student];
    await doOnce(`lesson-reschedule#${detail.bookingId}#${detail.proposedAt}#${detail.step}#${who}`, async () => {
      await notify({
        kind: 'lessonChange', subjectId: `${detail.step}#${detail.bookingId}#${detail.proposedAt}`, recipient: reader, email,
        values: {
          ...change, subject: detail.subject, otherName: `${other.firstName} ${other.lastName}`,
          scheduledAt: detail.proposedStart, timeZone: reader.timeZone,
        },
      });
    });
  }
});
