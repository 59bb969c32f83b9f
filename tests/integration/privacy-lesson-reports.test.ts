/**
 * Privacy of what lessons leave behind, against the emulators: a parent's export holds each child's
 * lessons history, games, weekly-report record, the approved report as the family saw it (never the
 * tutor-only note nor an unapproved draft) and the homework photo; the tutor's export holds the
 * report whole. Deleting the child removes all of it (the booking stays, pseudonymised); deleting
 * the account removes what the other children left.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { api, callApi, createUser, eventually, expectOk, stack, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, payBooking, table } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { postUpload, s3, type Ticket } from '../support/uploads.js';

type Item = Record<string, unknown> & { pk: string; sk: string };
type Archive = Record<string, Item[]> & { files: Array<{ key: string; url: string }> };

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0exercise 4B worked on paper')]);
const PRIVATE_NOTE = 'Tired today; ask the parent about sleep.';
const report = {
  topics: ['Fractions'], performance: 'getting_there', homework: { text: 'Exercise 4B, questions 1–10', dueDate: '2026-12-05' },
  nextSteps: 'Adding fractions with unlike denominators.', privateNote: PRIVATE_NOTE,
};

async function query(partition: string): Promise<Item[]> {
  const { doc, name } = table();
  const out = await doc.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': partition } }));
  return (out.Items ?? []) as Item[];
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: stack().resources.uploadsBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

const saveGame = (parent: TestUser, learnerId: string) => api('/api/progress/games', {
  method: 'POST', token: parent.accessToken,
  body: { gameId: randomUUID(), learnerId, subject: 'Mathematics', mode: 'quiz', score: 800, correctCount: 8, questionCount: 10, durationSeconds: 300 },
});

/**
 * A parent with two children. Wanjiru's lesson took place and has an approved report (with a
 * tutor-only note), a newer unapproved draft, and homework marked done with a photo; each child
 * played a game.
 */
async function family() {
  const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
  const add = async (firstName: string) => (await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName, lastName: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
  }), 'add learner')).learner.id as string;
  const wanjiru = await add('Wanjiru');
  const baraka = await add('Baraka');
  const [start] = await freeStarts(tutor.userId);
  const booked = await book(parent, tutor.userId, start!, 60, { learnerId: wanjiru });
  expect(booked.status).toBe(201);
  await payBooking(parent, booked.body.booking);
  const bookingId = booked.body.booking.id as string;
  useStackEnvironment();
  await completeLesson(bookingId, 'ended_by_tutor');
  await expectOk(callApi('saveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 0, ...report } as never }), 'save');
  await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 1 } }), 'approve');
  await expectOk(callApi('saveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 1, ...report, nextSteps: 'Unapproved draft: long division.' } as never }), 'draft');
  const ticket = await expectOk(callApi('createHomeworkPhotoUpload', {
    token: parent.accessToken, params: { bookingId }, body: { fileName: 'My work.jpg', contentType: 'image/jpeg', size: JPEG.length },
  }), 'ticket');
  expect((await postUpload(ticket as Ticket, new Uint8Array(JPEG), 'image/jpeg')).status).toBeLessThan(300);
  await expectOk(callApi('markLessonHomework', { token: parent.accessToken, params: { bookingId }, body: { done: true, photoKey: ticket.key } }), 'done');
  for (const learnerId of [wanjiru, baraka]) expect((await saveGame(parent, learnerId)).status).toBeLessThan(300);
  // The weekly report's record of the learner is written by a consumer of the lesson's events.
  await eventually(async () => getItem(`WEEKLYLEARNER#${wanjiru}`, 'WEEKLYLEARNER'), 20_000);
  return { parent, tutor, wanjiru, baraka, bookingId };
}

async function exportOf(user: TestUser): Promise<Archive> {
  await expectOk(callApi('requestDataExport', { token: user.accessToken }), 'export');
  const ready = await eventually(async () => {
    const status = await expectOk(callApi('getDataExport', { token: user.accessToken }), 'status');
    return status.export?.status === 'ready' ? status.export : null;
  }, 30_000);
  return await (await fetch(ready.downloadUrl!)).json() as Archive;
}

describe('privacy: what lessons leave behind', () => {
  it('the family exports the report as it was shown with the homework photo; the tutor exports it whole; deleting the child and then the account leaves none of it', async () => {
    const { parent, tutor, wanjiru, baraka, bookingId } = await family();

    const archive = await exportOf(parent);
    const keys = (section: string) => (archive[section] ?? []).map((i) => `${i.pk}|${i.sk}`);
    expect(keys('lessonHistory').some((k) => k.startsWith(`FAMILYLESSONS#${wanjiru}|LESSON#`))).toBe(true);
    expect(keys('weeklyReports')).toContain(`WEEKLYLEARNER#${wanjiru}|WEEKLYLEARNER`);
    expect(keys('progress').filter((k) => k.includes('|GAME#')).map((k) => k.split('|')[0]).sort()).toEqual([`PROGRESS#${baraka}`, `PROGRESS#${wanjiru}`].sort());
    const familyReport = archive.lessonReports!.find((i) => i.pk === `REPORT#${bookingId}` && i.sk === 'REPORT')!;
    expect(familyReport.approved).toMatchObject({ topics: ['Fractions'], nextSteps: report.nextSteps });
    expect(familyReport.homeworkDoneAt).toEqual(expect.any(String));
    expect(keys('lessonReports')).toContain(`REPORT#${bookingId}|VERSION#0001`);
    expect(JSON.stringify(archive)).not.toContain(PRIVATE_NOTE);
    expect(JSON.stringify(archive)).not.toContain('Unapproved draft');
    const photo = archive.files.find((f) => f.key.startsWith(`lessons/${bookingId}/homework/`));
    expect(photo).toBeDefined();
    expect(new Uint8Array(await (await fetch(photo!.url)).arrayBuffer())).toEqual(JPEG);

    const tutorArchive = await exportOf(tutor);
    const tutorCopy = tutorArchive.lessonReports!.find((i) => i.pk === `REPORT#${bookingId}` && i.sk === 'REPORT')!;
    expect(tutorCopy.working).toMatchObject({ privateNote: PRIVATE_NOTE, nextSteps: 'Unapproved draft: long division.' });
    expect(tutorArchive.files.some((f) => f.key.startsWith('lessons/'))).toBe(false);

    // Wanjiru's data goes: the report and its versions, her history, games, weekly record and the photo; the booking stays.
    await expectOk(callApi('deleteLearnerData', { token: parent.accessToken, body: { learnerId: wanjiru } }), 'delete learner');
    await eventually(async () => !(await getItem(`PRIVACY#${parent.userId}`, `DELETION#${wanjiru}`)), 30_000);
    expect((await query(`REPORT#${bookingId}`)).filter((i) => i.sk === 'REPORT' || i.sk.startsWith('VERSION#'))).toEqual([]);
    for (const partition of [`FAMILYLESSONS#${wanjiru}`, `PROGRESS#${wanjiru}`, `WEEKLYLEARNER#${wanjiru}`]) expect(await query(partition), partition).toEqual([]);
    expect(await objectsUnder(`lessons/${bookingId}/`)).toEqual([]);
    expect(await getItem(`BOOKING#${bookingId}`, 'BOOKING')).toMatchObject({ status: 'completed', learnerId: wanjiru });
    expect(await query(`PROGRESS#${baraka}`)).not.toEqual([]);

    // The account goes: Baraka's games go with it.
    await expectOk(callApi('deleteMyAccount', { token: parent.accessToken, body: { confirmation: 'DELETE', password: parent.password } }), 'delete account');
    await eventually(async () => !(await getItem(`PRIVACY#${parent.userId}`, 'DELETION#ACCOUNT')), 30_000);
    expect(await query(`PROGRESS#${baraka}`)).toEqual([]);
  });
});
