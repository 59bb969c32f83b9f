/**
 * The weekly progress report end to end (the gateway, the handlers, the event consumers, the
 * Sunday job through the local schedule runner, DynamoDB Local and the emulator's SES): one
 * e-mail per learner and week however often the job runs, none for a week with nothing, never
 * another household's learner in a parent's report, and the page's route for the family only; a
 * parent who chose SMS or WhatsApp for weekly reports also gets one short summary with the page's
 * link (the Africa's Talking and WhatsApp sandboxes), and a summary that fails is no second e-mail.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { shiftWeek, weekBounds, weekOf } from '../../functions/weeklyreports/rules.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import type { SandboxWhatsAppMessage } from '../../infra/local/sandboxes/whatsapp/server.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, giveVerifiedPhone, payBooking } from '../support/fixtures.js';
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

/** The SMS a phone received that are weekly report summaries (its booking confirmation left out). */
const summariesTo = async (phone: string) => ((await (await fetch(`${stack().sandboxUrls.africastalking}/__sandbox/messages?to=%2B${phone}`)).json()) as SandboxSms[])
  .filter((m) => m.text.includes('/weekly-reports/'));
const whatsAppTo = async (phone: string) => (await (await fetch(`${stack().sandboxUrls.whatsapp}/__sandbox/messages?to=${phone}`)).json()) as SandboxWhatsAppMessage[];
/** Every e-mail to the address that links to the learner's weekly report pages. */
const reportMailsTo = async (email: string, learnerId: string) => (await sentEmails())
  .filter((m) => m.destinations.ToAddresses.includes(email) && m.body.includes(`/weekly-reports/${learnerId}/`));
const chooseForWeeklyReports = (who: TestUser, channel: 'sms' | 'whatsapp' | 'email') =>
  expectOk(callApi('putNotificationPreferences', { token: who.accessToken, body: { weeklyReport: channel } }), 'preferences');

describe('weekly progress report summary by SMS or WhatsApp', () => {
  it('a parent who chose SMS gets the e-mail and one SMS with the page link, however often the job runs; by default only the e-mail', async () => {
    const amani = await familyWithReportedLesson('Amani', 'Titration');
    const phone = await giveVerifiedPhone(amani.parent.userId);
    expect((await chooseForWeeklyReports(amani.parent, 'sms')).preferences.weeklyReport).toBe('sms');
    const baraka = await familyWithReportedLesson('Baraka', 'Osmosis');
    const barakaPhone = await giveVerifiedPhone(baraka.parent.userId);

    for (const week of new Set([amani.week, baraka.week])) {
      await runJobAt('weekly-reports', sundayEvening(week));
      await runJobAt('weekly-reports', sundayEvening(week));
    }
    expect(await reportMailsTo(amani.parent.email, amani.learnerId)).toHaveLength(1);
    const link = `${stack().url}/weekly-reports/${amani.learnerId}/${amani.week}`;
    const summaries = await summariesTo(phone);
    expect(summaries.map((m) => m.text)).toEqual([`ALP: Amani's week: 1 lesson (Mathematics), 1 homework due. ${link}`]);
    // Baraka's parent kept the default (e-mail): the e-mail and no SMS.
    expect(await reportMailsTo(baraka.parent.email, baraka.learnerId)).toHaveLength(1);
    expect(await summariesTo(barakaPhone)).toEqual([]);
  });

  it('in Kiswahili by WhatsApp: the alp_weekly_report template with the figures and the link', async () => {
    const zawadi = await familyWithReportedLesson('Zawadi', 'Sehemu');
    await expectOk(callApi('updateMyProfile', { token: zawadi.parent.accessToken, body: { language: 'sw' } }), 'language');
    const phone = await giveVerifiedPhone(zawadi.parent.userId);
    await chooseForWeeklyReports(zawadi.parent, 'whatsapp');
    await runJobAt('weekly-reports', sundayEvening(zawadi.week));
    await runJobAt('weekly-reports', sundayEvening(zawadi.week));
    const messages = (await whatsAppTo(phone)).filter((m) => m.template === 'alp_weekly_report');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      language: 'sw', parameters: ['Zawadi', 'somo 1 (Mathematics), kazi 1 ya nyumbani', `${stack().url}/weekly-reports/${zawadi.learnerId}/${zawadi.week}`],
    });
    expect(await summariesTo(phone)).toEqual([]);
    expect(await reportMailsTo(zawadi.parent.email, zawadi.learnerId)).toHaveLength(1);
  });

  it('an SMS refused at send, or reported Failed later, is no second e-mail', async () => {
    // The sandbox refuses SMS to +254700000403 outright, and accepts +254700000001's then reports it Failed.
    for (const number of ['254700000403', '254700000001']) {
      const family = await familyWithReportedLesson('Neema', 'Vectors');
      await giveVerifiedPhone(family.parent.userId, number);
      await chooseForWeeklyReports(family.parent, 'sms');
      await runJobAt('weekly-reports', sundayEvening(family.week));
      const pk = `NOTIFY#weeklyReport#${family.learnerId}#${family.week}#${family.parent.userId}`;
      // Refused: failed at once; reported Failed: undelivered once the delivery report is in.
      const final = number === '254700000403' ? 'failed' : 'undelivered';
      await eventually(async () => (await getItem(pk, 'CHANNEL#sms'))?.state === final, 20_000);
      await runJobAt('weekly-reports', sundayEvening(family.week));
      expect(await reportMailsTo(family.parent.email, family.learnerId)).toHaveLength(1);
      expect(await getItem(pk, 'CHANNEL#email')).toBeUndefined();
    }
  });
});
