/**
 * `npm start`'s reported lesson (infra/local/demo/household.ts; the test stack seeds as npm start
 * does): the demo parent finds Amani's lesson of yesterday completed, with Grace Wanjiru's approved
 * report and its homework; seeding again keeps that one lesson.
 */
import { describe, expect, it } from 'vitest';
import { ensureDemoReportedLesson } from '../../infra/local/demo/household.js';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { callApi, expectOk, signIn } from '../support/api.js';
import { useStackEnvironment } from '../support/jobs.js';

describe('the reported lesson npm start makes', () => {
  it('is Amani\'s completed Mathematics lesson with its approved report, made once', async () => {
    const parent = await signIn(demoAccounts.parent.email, DEMO_PASSWORD);
    const reported = async () => (await expectOk(callApi('listBookings', { token: parent.accessToken }), 'bookings')).bookings
      .filter((b) => b.learner?.firstName === 'Amani' && b.status === 'completed');
    const [lesson, ...more] = await reported();
    expect(more).toEqual([]);
    expect(lesson).toMatchObject({ subject: 'Mathematics', paymentStatus: 'paid', tutor: { firstName: 'Grace' } });
    const { report } = await expectOk(callApi('getLessonReport', { token: parent.accessToken, params: { bookingId: lesson!.id } }), 'report');
    expect(report).toMatchObject({ fields: { topics: ['Fractions', 'Equivalent fractions'], homework: { text: expect.stringContaining('Exercise 4B') } } });

    useStackEnvironment();
    expect(await ensureDemoReportedLesson()).toBe(true);
    expect((await reported()).map((b) => b.id)).toEqual([lesson!.id]);
  });
});
