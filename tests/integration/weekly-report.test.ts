/**
 * The weekly progress report end to end (the gateway, the handlers, the event consumers, the
 * Sunday job through the local schedule runner, DynamoDB Local and the emulator's SES): one
 * e-mail per learner and week however often the job runs, none for a week with nothing, never
 * another household's learner in a parent's report, and the page's route for the family only.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { shiftWeek, weekBounds, weekOf } from '../../functions/weeklyreports/rules.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, signInDemoAdmin, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, payBooking } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

const readWeek = (who: Pick<TestUser, 'accessToken'>, learnerId: string, week: string) =>
  callApi('getWeeklyReport', { token: who.accessToken, params: { learnerId, week } });
/** Sunday 18:00 EAT of `week`: when the schedule runs. */
const sundayEvening = (week: string) => new Date(weekBounds(week).end.getTime() - 6 * 3_600_000);
/** The weekly reports an address received (its other mail: welcome, booking, receipt … left out). */
const mailsTo = async (email: string) => (await sentEmails())
  .filter((m) => m.destinations.ToAddresses.includes(email) && m.subject.includes('\'s week from'));
const nairobiDate = (iso: string) => new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 10);

/** A parent with one child, and that child's lesson held and reported (homework due the same day). */
async function familyWithReportedLesson(firstName: string, topic: string) {
  const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
  const { learner } = await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName, lastName: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
  }), 'add learner');
  const [start] = await freeStarts(tutor.userId);
  const booked = await book(parent, tutor.userId, start!, 60, { learnerId: learner.id });
  expect(booked.status).toBe(201);
  await payBooking(parent, booked.body.booking);
  const booking = booked.body.booking as { id: string; scheduledAt: string };
  useStackEnvironment();
  await completeLesson(booking.id, 'ended_by_tutor');
  const report = {
    revision: 0, topics: [topic], performance: 'getting_there', nextSteps: 'More practice.',
    homework: { text: `${topic} exercise`, dueDate: nairobiDate(booking.scheduledAt) },
  };
  await expectOk(callApi('saveLessonReport', { token: tutor.accessToken, params: { bookingId: booking.id }, body: report as never }), 'save report');
  await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId: booking.id }, body: { revision: 1 } }), 'approve');
  const week = weekOf(new Date(booking.scheduledAt));
  // The consumer marks the week once it has the approved report (homework and all).
  await eventually(async () => (await expectOk(readWeek(parent, learner.id, week), 'read')).report?.lessons[0]?.topics.length);
  await eventually(() => getItem(`WEEKLYLEARNER#${learner.id}`, 'WEEKLYLEARNER'));
  return { parent, tutor, learnerId: learner.id as string, booking, week };
}

describe('weekly progress report', () => {
  it('the job run twice e-mails each parent one report per learner, with only their own learner, and nothing for an empty week', async () => {
    const amani = await familyWithReportedLesson('Amani', 'Fractions');
    const baraka = await familyWithReportedLesson('Baraka', 'Photosynthesis');

    const page = await expectOk(readWeek(amani.parent, amani.learnerId, amani.week), 'page');
    expect(page).toMatchObject({
      week: amani.week, previousWeek: shiftWeek(amani.week, -1), learner: { id: amani.learnerId, firstName: 'Amani' },
      report: {
        learnerName: 'Amani',
        lessons: [{ bookingId: amani.booking.id, subject: 'Mathematics', topics: ['Fractions'] }],
        homework: [{ bookingId: amani.booking.id, text: 'Fractions exercise' }],
        games: { played: 0, averagePercent: null },
      },
    });

    for (const family of new Set([amani.week, baraka.week])) {
      await runJobAt('weekly-reports', sundayEvening(family));
      await runJobAt('weekly-reports', sundayEvening(family));
    }
    const [toAmani, toBaraka] = await Promise.all([mailsTo(amani.parent.email), mailsTo(baraka.parent.email)]);
    expect(toAmani).toHaveLength(1);
    expect(toBaraka).toHaveLength(1);
    expect(toAmani[0]!.subject).toContain('Amani');
    expect(toAmani[0]!.body).toContain('Fractions');
    expect(toAmani[0]!.body).toContain(`/weekly-reports/${amani.learnerId}/${amani.week}`);
    expect(toAmani[0]!.body).not.toContain('Baraka');
    expect(toAmani[0]!.body).not.toContain('Photosynthesis');
    expect(toBaraka[0]!.body).not.toContain('Amani');

    // The week before: nothing happened for either family, so no report and no e-mail.
    const before = shiftWeek(amani.week, -1);
    expect((await expectOk(readWeek(amani.parent, amani.learnerId, before), 'empty week')).report).toBeNull();
    await runJobAt('weekly-reports', sundayEvening(before));
    expect(await mailsTo(amani.parent.email)).toHaveLength(1);
  });

  it('the page: another household\'s learner is 404, a tutor 403, a super admin reads it, an adult student reads their own week', async () => {
    const amani = await familyWithReportedLesson('Amani', 'Decimals');
    const [otherParent, admin] = await Promise.all([createUser('parent'), signInDemoAdmin()]);

    const stranger = await readWeek(otherParent, amani.learnerId, amani.week);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain('Decimals');
    expect((await readWeek(amani.tutor, amani.learnerId, amani.week)).status).toBe(403);
    expect((await readWeek(amani.parent, amani.learnerId, '2026-W99')).status).toBeGreaterThanOrEqual(400);
    expect((await readWeek(amani.parent, amani.learnerId, 'last-week')).status).toBe(400);
    const seen = await expectOk(readWeek(admin, amani.learnerId, amani.week), 'admin read');
    expect(seen.report?.lessons[0]?.topics).toEqual(['Decimals']);

    // An adult student's own quiz game this week: their report, read by their own id, and nobody else's.
    const student = await createUser('student');
    const game = { gameId: randomUUID(), subject: 'Physics', mode: 'quiz', score: 800, correctCount: 8, questionCount: 10, durationSeconds: 300 };
    expect((await api('/api/progress/games', { method: 'POST', token: student.accessToken, body: game })).status).toBe(201);
    const now = weekOf(new Date());
    const own = await expectOk(readWeek(student, student.userId, now), 'own week');
    expect(own.report?.games).toEqual({ played: 1, averagePercent: 80, bySubject: [{ subject: 'Physics', played: 1, averagePercent: 80 }] });
    expect(own.nextWeek).toBeNull();
    expect((await readWeek(student, amani.learnerId, amani.week)).status).toBe(404);
    expect((await readWeek(amani.parent, student.userId, now)).status).toBe(404);
  });
});
