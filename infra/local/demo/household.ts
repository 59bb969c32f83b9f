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
import { createBooking, myBookings } from '../../../functions/bookings/service.js';
import { tutorSlots } from '../../../functions/bookings/free-slots.js';
import { isUpcoming } from '../../../functions/bookings/catalog.js';
import type { AddLearnerRequest } from '../../../functions/households/contract.js';
import { addLearner } from '../../../functions/households/service.js';
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
