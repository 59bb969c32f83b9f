/**
 * One paid lesson between the demo student and a demo tutor that starts minutes after `npm start`,
 * so a newcomer can run a whole class in two browser windows (README "Try a live lesson"): the
 * calendar never offers a lesson that soon. Booked by the bookings service and paid the way a
 * payer pays: payment started, Paystack's (sandbox) checkout answered "Pay" (which sends the signed
 * webhook to the gateway), then the verify the payment callback page makes. A lesson of an earlier
 * run that is still ahead or live is kept rather than doubled. Needs the gateway running.
 */
import { findIdentityId } from '../../../functions/auth/identity.js';
import { resolveRole } from '../../../functions/auth/roles.js';
import type { Booking } from '../../../functions/bookings/contract.js';
import { createDemoLesson, myBookings } from '../../../functions/bookings/service.js';
import { initializePayment, verifyPayment } from '../../../functions/payments/service.js';
import type { AuthUser } from '../../../functions/shared/http.js';
import { demoTutors } from './tutors.js';
import { demoAccounts, demoTutorEmail } from './seed.js';

/** tutor01, Grace Wanjiru: verified, teaches Mathematics. */
const TUTOR_INDEX = 0;
export const demoLessonTutorEmail = demoTutorEmail(TUTOR_INDEX);
export const DEMO_LESSON_SUBJECT = 'Mathematics';
const DURATION_MINUTES = 60;
const FIVE_MINUTES = 5 * 60_000;

/** The next 5-minute mark, plus 5 minutes: 5 to 10 minutes ahead, inside the 15 minutes a class opens before. */
export function demoLessonStart(now: Date): Date {
  return new Date((Math.floor(now.getTime() / FIVE_MINUTES) + 2) * FIVE_MINUTES);
}

const asUser = (id: string, group: 'student' | 'tutor'): AuthUser => ({ id, groups: [group], role: resolveRole([group]) });

/**
 * An earlier run's demo lesson, still ahead or live: with this tutor, not ended, and starting no
 * later than a new one would (a lesson booked in the app for later is not the demo lesson).
 */
export function earlierDemoLesson(booking: Booking, tutorId: string, now: Date): boolean {
  const start = Date.parse(booking.scheduledAt);
  const end = start + booking.durationMinutes * 60_000;
  return booking.tutorId === tutorId && (booking.status === 'pending' || booking.status === 'confirmed')
    && end > now.getTime() && start <= demoLessonStart(now).getTime();
}

/** Paid as a payer pays: the sandbox checkout's "Pay" with M-Pesa, then the callback page's verify. */
export async function pay(student: AuthUser, bookingId: string): Promise<void> {
  const { authorizationUrl, reference } = await initializePayment(student, bookingId);
  // The checkout page's "Pay" with M-Pesa: the sandbox sends the signed webhook before it answers.
  const checkout = await fetch(authorizationUrl, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'success', channel: 'mobile_money' }),
  });
  if (checkout.status >= 400) throw new Error(`sandbox checkout answered ${checkout.status}`);
  const verified = await verifyPayment(student, reference);
  if (verified.paymentStatus !== 'paid') throw new Error(`payment not confirmed: ${verified.message}`);
}

export interface DemoLesson { booking: Booking; tutorEmail: string; created: boolean }

/** The demo lesson, made and paid if there is none still ahead or live; null when the demo accounts are missing. */
export async function ensureDemoLesson(now = new Date()): Promise<DemoLesson | null> {
  const [studentId, tutorId] = await Promise.all([findIdentityId(demoAccounts.student.email), findIdentityId(demoLessonTutorEmail)]);
  if (!studentId || !tutorId) return null;
  const student = asUser(studentId, 'student');
  const existing = (await myBookings(student, now)).find((b) => earlierDemoLesson(b, tutorId, now));
  if (existing?.paymentStatus === 'paid') return { booking: existing, tutorEmail: demoLessonTutorEmail, created: false };
  // Held by a run that stopped before paying: pay that one rather than hold the tutor twice.
  const booking = existing ?? await createDemoLesson(student, {
    tutorId, subject: DEMO_LESSON_SUBJECT, start: demoLessonStart(now).toISOString(), durationMinutes: DURATION_MINUTES,
  }, now);
  await pay(student, booking.id);
  return { booking: { ...booking, status: 'confirmed', paymentStatus: 'paid' }, tutorEmail: demoLessonTutorEmail, created: !existing };
}

/** "21:40 UTC": a clock time with the zone it is in (GMT+3 style where the zone has no common abbreviation). */
export function timeWithZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone, timeZoneName: 'short' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** The lesson's time on this machine's clock with its zone, and in East Africa Time (the tutor's) when that differs. */
export function demoLessonTime(at: Date, machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const here = timeWithZone(at, machineZone);
  const nairobi = timeWithZone(at, 'Africa/Nairobi');
  const nairobiClock = nairobi.split(' ')[0];
  return here === nairobi ? `${here} (East Africa Time)` : `${here} (${nairobiClock} East Africa Time)`;
}

/** The start banner's line: who, when (this machine's clock, with its zone) and where to open it. */
export function demoLessonBanner(lesson: DemoLesson): string[] {
  const tutor = demoTutors[TUTOR_INDEX]!;
  const at = demoLessonTime(new Date(lesson.booking.scheduledAt));
  return [
    `  Demo lesson: ${lesson.booking.subject} with ${tutor.firstName} ${tutor.lastName} at ${at} (${lesson.booking.durationMinutes} min, paid)`,
    `    open /my-bookings as the demo student and /tutor-dashboard?tab=bookings as ${lesson.tutorEmail}`,
  ];
}
