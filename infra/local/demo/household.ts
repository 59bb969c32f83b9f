/**
 * The demo parent's household: two children (Amani, Grade 7 CBC; Zawadi, Form 4 8-4-4), each
 * with one paid lesson ahead: Mathematics with Grace Wanjiru for Amani, Chemistry with Brian
 * Otieno for Zawadi, at each tutor's first free hour. Through the product's services: the
 * children are added with fixed request ids (so a re-run finds them, never doubles them), the
 * lessons booked for each child and paid through the sandbox's checkout. A child who already has a
 * paid lesson ahead keeps it. Needs the gateway running (the payment's webhook).
 */
import { findIdentityId } from '../../../functions/auth/identity.js';
import { resolveRole } from '../../../functions/auth/roles.js';
import { completeLesson, createBooking, createDemoLesson, myBookings } from '../../../functions/bookings/service.js';
import { tutorSlots } from '../../../functions/bookings/free-slots.js';
import { isUpcoming } from '../../../functions/bookings/catalog.js';
import type { AddLearnerRequest } from '../../../functions/households/contract.js';
import { addLearner } from '../../../functions/households/service.js';
import { approveReport, saveReport } from '../../../functions/reports/service.js';
import type { AuthUser } from '../../../functions/shared/http.js';
import { pay } from './lesson.js';
import { demoAccounts, demoTutorEmail } from './seed.js';

const CHILDREN: ReadonlyArray<{ child: AddLearnerRequest; tutorIndex: number; subject: string }> = [
  {
    child: { requestId: 'demo-child-amani', firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
    tutorIndex: 0, subject: 'Mathematics',
  },
  {
    child: { requestId: 'demo-child-zawadi', firstName: 'Zawadi', lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] },
    tutorIndex: 1, subject: 'Chemistry',
  },
];

/** How many of the children's lessons this run booked; null when the demo parent is missing. */
export async function ensureDemoHousehold(now = new Date()): Promise<number | null> {
  const parentId = await findIdentityId(demoAccounts.parent.email);
  if (!parentId) return null;
  const parent: AuthUser = { id: parentId, groups: ['parent'], role: resolveRole(['parent']) };
  const booked = await myBookings(parent, now);
  let made = 0;
  for (const { child, tutorIndex, subject } of CHILDREN) {
    const { learner } = await addLearner(parent, child, now);
    if (booked.some((b) => b.learner?.id === learner.id && isUpcoming(b, now))) continue;
    const tutorId = await findIdentityId(demoTutorEmail(tutorIndex));
    const [start] = tutorId ? (await tutorSlots(tutorId)).slots : [];
    if (!tutorId || !start) continue;
    const booking = await createBooking(parent, { tutorId, subject, start: start.start, durationMinutes: 60, learnerId: learner.id }, now);
    await pay(parent, booking.id);
    made += 1;
  }
  return made;
}

const HOUR_MS = 3_600_000;

/**
 * Amani's lesson of yesterday with Grace Wanjiru, taught and reported (topics, how it went,
 * homework due in five days, next steps), so the parent's My Bookings and the learner's card show
 * a report on a fresh `npm start`. Booked past the calendar (as the demo lesson is), paid as a
 * payer pays, completed at its end as the tutor's End Class does, and reported within the 48
 * hours. Kept when an earlier run made one. False when the demo accounts are missing.
 */
export async function ensureDemoReportedLesson(now = new Date()): Promise<boolean> {
  const [parentId, tutorId] = await Promise.all([findIdentityId(demoAccounts.parent.email), findIdentityId(demoTutorEmail(0))]);
  if (!parentId || !tutorId) return false;
  const parent: AuthUser = { id: parentId, groups: ['parent'], role: resolveRole(['parent']) };
  const tutor: AuthUser = { id: tutorId, groups: ['tutor'], role: resolveRole(['tutor']) };
  const { learner } = await addLearner(parent, CHILDREN[0]!.child, now);
  if ((await myBookings(parent, now)).some((b) => b.learner?.id === learner.id && b.status === 'completed')) return true;
  // Started a day ago on the hour: ended inside the report's 48 hours, whatever the time of day.
  const start = new Date(Math.floor((now.getTime() - 26 * HOUR_MS) / HOUR_MS) * HOUR_MS);
  const booking = await createDemoLesson(parent, { tutorId, subject: 'Mathematics', start: start.toISOString(), durationMinutes: 60, learnerId: learner.id }, now);
  await pay(parent, booking.id);
  await completeLesson(booking.id, 'ended_by_tutor', new Date(start.getTime() + HOUR_MS));
  const due = new Date(now.getTime() + 5 * 24 * HOUR_MS).toISOString().slice(0, 10);
  const saved = await saveReport(tutor, booking.id, {
    revision: 0, topics: ['Fractions', 'Equivalent fractions'], performance: 'getting_there',
    homework: { text: 'Exercise 4B in the textbook, questions 1 to 10.', dueDate: due },
    nextSteps: 'Adding fractions with unlike denominators.',
  }, now);
  await approveReport(tutor, booking.id, saved.revision, now);
  return true;
}
