/**
 * `npm start`'s demo lesson (infra/local/demo/lesson.ts; the test stack seeds as npm start does):
 * one paid lesson between the demo student and tutor01, starting within minutes, that both see and
 * the tutor can start at once; seeding again keeps it rather than adding another.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../functions/bookings/contract.js';
import { OPENS_MINUTES_BEFORE } from '../../functions/live/contract.js';
import { demoLessonTutorEmail, DEMO_LESSON_SUBJECT, ensureDemoLesson } from '../../infra/local/demo/lesson.js';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { callApi, expectOk, signIn } from '../support/api.js';
import { useStackEnvironment } from '../support/jobs.js';

type Session = Awaited<ReturnType<typeof signIn>>;
let student: Session;
let tutor: Session;

const bookingsOf = async (who: Session) => (await expectOk(callApi('listBookings', { token: who.accessToken }), 'bookings')).bookings;
/** The demo student's lessons with tutor01 that have not ended and are not cancelled. */
const upcomingDemoLessons = async (): Promise<Booking[]> =>
  (await bookingsOf(student)).filter((b) => b.tutor.firstName === 'Grace' && b.status !== 'cancelled'
    && Date.parse(b.scheduledAt) + b.durationMinutes * 60_000 > Date.now());

beforeAll(async () => {
  [student, tutor] = await Promise.all([signIn(demoAccounts.student.email, DEMO_PASSWORD), signIn(demoLessonTutorEmail, DEMO_PASSWORD)]);
  // The test stack is shared: another file's lessons job, run on a clock hours ahead, may have
  // settled the seeded lesson as a tutor no-show (nobody joined it), which frees its hours. A
  // restart of `npm start` then makes a new one, as ensureDemoLesson does here.
  if ((await upcomingDemoLessons()).length === 0) {
    useStackEnvironment();
    await ensureDemoLesson();
  }
});

describe('the demo lesson npm start makes', () => {
  it('is one paid Mathematics lesson with Grace Wanjiru, starting within minutes, seen by both', async () => {
    const lessons = await upcomingDemoLessons();
    expect(lessons).toHaveLength(1);
    const [lesson] = lessons as [Booking];
    expect(lesson).toMatchObject({ subject: DEMO_LESSON_SUBJECT, durationMinutes: 60, status: 'confirmed', paymentStatus: 'paid', tutor: { lastName: 'Wanjiru' } });
    const minutesAhead = (Date.parse(lesson.scheduledAt) - Date.now()) / 60_000;
    // Made when the stack started: ahead, or begun and not yet over (a long suite may reach this
    // file more than half an hour after the stack started), never hours away.
    expect(minutesAhead).toBeLessThanOrEqual(10);
    expect(minutesAhead).toBeGreaterThan(-lesson.durationMinutes);
    expect((await bookingsOf(tutor)).map((b) => b.id)).toContain(lesson.id);
  });

  it('can be started by the tutor right away, and the student sees the class waiting for the tutor', async () => {
    const [lesson] = await upcomingDemoLessons() as [Booking];
    const forTutor = (await expectOk(callApi('getLiveSession', { token: tutor.accessToken, params: { bookingId: lesson.id } }), 'live')).session;
    expect(forTutor).toMatchObject({ status: 'not_created', viewerRole: 'moderator', canCreate: true });
    expect(Date.parse(forTutor.window.opensAt)).toBe(Date.parse(lesson.scheduledAt) - OPENS_MINUTES_BEFORE * 60_000);
    expect(Date.parse(forTutor.window.opensAt)).toBeLessThanOrEqual(Date.now());
    const forStudent = (await expectOk(callApi('getLiveSession', { token: student.accessToken, params: { bookingId: lesson.id } }), 'live')).session;
    expect(forStudent).toMatchObject({ status: 'not_created', viewerRole: 'attendee', canCreate: false, canJoin: false });
  });

  it('seeding again (a restart on the same data) keeps that lesson instead of adding another', async () => {
    const [before] = await upcomingDemoLessons() as [Booking];
    useStackEnvironment();
    for (let run = 0; run < 2; run++) {
      const again = await ensureDemoLesson();
      expect(again).toMatchObject({ created: false, booking: { id: before.id } });
    }
    expect((await upcomingDemoLessons()).map((b) => b.id)).toEqual([before.id]);
  });
});
