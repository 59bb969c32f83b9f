/**
 * Lesson reports end to end (the gateway, the handlers, DynamoDB Local and the Bedrock sandbox):
 * only the lesson's tutor writes and approves; the payer, the child's own login and super admins
 * read the approved version without the private note; everyone else is refused; "Draft it for
 * me" spends the tutor's chat quota, gives it back on a model failure and stores nothing;
 * revisions, the 48-hour window and double approvals.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { nairobiDay } from '../../functions/ai/quota.js';
import { completeLesson } from '../../functions/bookings/service.js';
import { sandboxMarker, type RecordedRequest } from '../../infra/local/sandboxes/bedrock/server.js';
import { callApi, createUser, expectOk, sentEmails, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import {
  book, bookableTutor, establishedAccount, freeStarts, getItem, paidLesson, payBooking, setAttributes, table,
} from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

type Caller = Pick<TestUser, 'accessToken'>;
const read = (who: Caller, bookingId: string) => callApi('getLessonReport', { token: who.accessToken, params: { bookingId } });
const save = (who: Caller, bookingId: string, body: Record<string, unknown>) =>
  callApi('saveLessonReport', { token: who.accessToken, params: { bookingId }, body: body as never });
const approve = (who: Caller, bookingId: string, revision: number) =>
  callApi('approveLessonReport', { token: who.accessToken, params: { bookingId }, body: { revision } });
const draft = (who: Caller, bookingId: string, words: string) =>
  callApi('draftLessonReport', { token: who.accessToken, params: { bookingId }, body: { words } });

const report = {
  topics: ['Fractions', 'Equivalent fractions'], performance: 'getting_there',
  homework: { text: 'Exercise 4B, questions 1–10', dueDate: '2026-12-05' }, nextSteps: 'Adding fractions with unlike denominators.',
  privateNote: 'Tired today; check in with the parent about sleep.',
};

async function completed<L extends { booking: { id: string } }>(lesson: L): Promise<L> {
  useStackEnvironment();
  await completeLesson(lesson.booking.id, 'ended_by_tutor');
  return lesson;
}

const versions = async (bookingId: string) => {
  const { doc, name } = table();
  const out = await doc.send(new QueryCommand({
    TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :v)', ExpressionAttributeValues: { ':pk': `REPORT#${bookingId}`, ':v': 'VERSION#' },
  }));
  return out.Items ?? [];
};
const sandboxRequests = async () =>
  ((await (await fetch(`${stack().sandboxUrls.bedrock!}/__sandbox/requests`)).json()) as { requests: RecordedRequest[] }).requests;
const chatCount = async (user: TestUser) => ((await getItem(`AIUSE#${user.userId}`, `DAY#${nairobiDay(new Date())}`))?.chat as number | undefined) ?? 0;

describe('lesson reports', () => {
  it('only the lesson\'s tutor writes and approves; the payer and a super admin read the approved one without the private note; others get 403', async () => {
    const tutor = await bookableTutor();
    const lesson = await paidLesson({ tutor });
    const { student, booking } = lesson;
    const [stranger, otherTutor] = await Promise.all([createUser('parent'), bookableTutor()]);

    // Not yet taken place: no report, with a clear reason.
    const early = await save(tutor, booking.id, { revision: 0, ...report });
    expect([early.status, early.error?.code]).toEqual([409, 'lesson_not_completed']);
    expect(early.error?.message).toBe('A report can be written once the lesson has taken place.');
    await completed(lesson);

    for (const refused of [await save(student, booking.id, { revision: 0, ...report }), await save(otherTutor, booking.id, { revision: 0, ...report })]) {
      expect(refused.status).toBe(403);
    }
    expect((await read(student, booking.id)).body).toEqual({ view: 'family', report: null });

    const saved = await expectOk(save(tutor, booking.id, { revision: 0, ...report }), 'save');
    expect(saved.report).toMatchObject({ revision: 1, working: report, approved: null });
    // Saved but not approved: still nothing for the family.
    expect((await read(student, booking.id)).body).toEqual({ view: 'family', report: null });
    expect((await approve(student, booking.id, 1)).status).toBe(403);
    expect((await approve(otherTutor, booking.id, 1)).status).toBe(403);

    const approved = await expectOk(approve(tutor, booking.id, 1), 'approve');
    expect(approved.report.approved).toMatchObject({ revision: 1, fields: report });

    const admin = await signInDemoAdmin();
    for (const reader of [student, admin]) {
      const seen = await expectOk(read(reader, booking.id), 'family read');
      expect(seen).toMatchObject({ view: 'family', report: { bookingId: booking.id, subject: 'Mathematics', revision: 1, fields: { topics: report.topics, performance: 'getting_there', homework: report.homework, nextSteps: report.nextSteps } } });
      expect(JSON.stringify(seen)).not.toContain('sleep');
    }
    const own = await expectOk(read(tutor, booking.id), 'tutor read');
    expect(own).toMatchObject({ view: 'tutor', lessonCompleted: true, canEdit: true, report: { working: { privateNote: report.privateNote }, approved: { fields: { privateNote: report.privateNote } } } });
    for (const refused of [await read(stranger, booking.id), await read(otherTutor, booking.id)]) expect(refused.status).toBe(403);
    expect((await read(tutor, '7a3e0c1e-0000-4000-8000-000000000000')).status).toBe(404);

    // A corrected version: the family keeps seeing version 1 until the tutor approves version 2.
    await expectOk(save(tutor, booking.id, { revision: 1, ...report, nextSteps: 'Mixed numbers.' }), 'second save');
    expect((await expectOk(read(student, booking.id), 'family read')).report).toMatchObject({ revision: 1, fields: { nextSteps: report.nextSteps } });
    await expectOk(approve(tutor, booking.id, 2), 'approve 2');
    const after = await expectOk(read(student, booking.id), 'family read');
    expect(after.report).toMatchObject({ revision: 2, fields: { nextSteps: 'Mixed numbers.' }, firstApprovedAt: approved.report.approved!.firstApprovedAt });
    expect((await versions(booking.id)).map((v) => v.sk)).toEqual(['VERSION#0001', 'VERSION#0002']);
  });

  it('the child\'s own linked login reads the approved report of their lesson; a sibling\'s login is refused', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
    const child = async (firstName: string) => {
      const { learner } = await expectOk(callApi('addLearner', {
        token: parent.accessToken, body: { firstName, lastName: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
      }), 'add learner');
      const login = await createUser('student', { firstName: `${firstName}Own` });
      const { code } = await expectOk(callApi('createPairingCode', { token: parent.accessToken, params: { learnerId: learner.id } }), 'code');
      await expectOk(callApi('joinHousehold', { token: login.accessToken, body: { code } }), 'join');
      return { learnerId: learner.id as string, login };
    };
    const [wanjiru, kip] = [await child('Wanjiru'), await child('Kip')];
    const [start] = await freeStarts(tutor.userId);
    const booked = await book(parent, tutor.userId, start!, 60, { learnerId: wanjiru.learnerId });
    expect(booked.status).toBe(201);
    await payBooking(parent, booked.body.booking);
    const bookingId = booked.body.booking.id as string;
    await completed({ booking: { id: bookingId } });

    await expectOk(save(tutor, bookingId, { revision: 0, ...report }), 'save');
    expect((await read(wanjiru.login, bookingId)).body).toEqual({ view: 'family', report: null });
    await expectOk(approve(tutor, bookingId, 1), 'approve');
    for (const reader of [wanjiru.login, parent]) {
      const seen = await expectOk(read(reader, bookingId), 'read');
      expect(seen.report).toMatchObject({ revision: 1, fields: { topics: report.topics } });
      expect(JSON.stringify(seen)).not.toContain('sleep');
    }
    expect((await read(kip.login, bookingId)).status).toBe(403);
    expect(await getItem(`REPORT#${bookingId}`, 'REPORT')).toMatchObject({ learnerId: wanjiru.learnerId, studentId: parent.userId });
  });

  it('a stale revision gets 409; approving the same revision twice (even at once) keeps one version; an older revision cannot be approved', async () => {
    const tutor = await bookableTutor();
    const { booking } = await completed(await paidLesson({ tutor }));
    await expectOk(save(tutor, booking.id, { revision: 0, topics: ['Cells'] }), 'first save');
    const firstAgain = await save(tutor, booking.id, { revision: 0, topics: ['Tissues'] });
    expect([firstAgain.status, firstAgain.error?.code]).toEqual([409, 'report_changed']);
    // Two windows saving from revision 1 at once: one wins.
    const both = await Promise.all([save(tutor, booking.id, { revision: 1, topics: ['A'] }), save(tutor, booking.id, { revision: 1, topics: ['B'] })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    const incomplete = await approve(tutor, booking.id, 2);
    expect([incomplete.status, incomplete.error?.code]).toEqual([409, 'report_incomplete']);
    await expectOk(save(tutor, booking.id, { revision: 2, ...report }), 'complete it');
    expect((await approve(tutor, booking.id, 2)).error?.code).toBe('report_changed');
    const twice = await Promise.all([approve(tutor, booking.id, 3), approve(tutor, booking.id, 3)]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect((await approve(tutor, booking.id, 3)).status).toBe(200);
    expect(await versions(booking.id)).toHaveLength(1);
    expect(await getItem(`REPORT#${booking.id}`, 'REPORT')).toMatchObject({ revision: 3, approvedRevision: 3 });
  });

  it('refuses saving and approving 48 hours after the lesson ended, in the service and in the table\'s condition', async () => {
    const tutor = await bookableTutor();
    const { booking } = await completed(await paidLesson({ tutor }));
    await expectOk(save(tutor, booking.id, { revision: 0, ...report }), 'save');
    const longAgo = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await setAttributes(`REPORT#${booking.id}`, 'REPORT', { editableUntil: new Date(Date.now() - 3_600_000).toISOString() });
    for (const late of [await save(tutor, booking.id, { revision: 1, ...report, nextSteps: 'Late' }), await approve(tutor, booking.id, 1)]) {
      expect([late.status, late.error?.code]).toEqual([409, 'report_locked']);
    }
    expect(await getItem(`REPORT#${booking.id}`, 'REPORT')).toMatchObject({ revision: 1, working: { nextSteps: report.nextSteps } });
    expect(await expectOk(read(tutor, booking.id), 'read')).toMatchObject({ view: 'tutor', canEdit: false });

    // A lesson completed over 48 hours ago gets no first report.
    const other = await completed(await paidLesson({ tutor }));
    await setAttributes(`BOOKING#${other.booking.id}`, 'BOOKING', { completedAt: longAgo });
    expect((await save(tutor, other.booking.id, { revision: 0, ...report })).error?.code).toBe('report_locked');
    expect(await getItem(`REPORT#${other.booking.id}`, 'REPORT')).toBeUndefined();
  });
});

describe('"Draft it for me"', () => {
  it('drafts from the tutor\'s words in their saved language, takes one chat message of their quota and stores nothing', async () => {
    const tutor = await establishedAccount(await bookableTutor());
    const { student, booking } = await completed(await paidLesson({ tutor }));
    expect((await draft(student, booking.id, 'fractions')).status).toBe(403);

    const { draft: drafted } = await expectOk(draft(tutor, booking.id, 'fractions, struggled with unlike denominators'), 'draft');
    expect(drafted.topics[0]).toBe('fractions, struggled with unlike denominators');
    expect(drafted.nextSteps).toContain('Local sandbox draft');
    expect(await chatCount(tutor)).toBe(1);
    expect(await getItem(`REPORT#${booking.id}`, 'REPORT')).toBeUndefined();
    const asked = (await sandboxRequests()).find((r) => r.userText.includes('unlike denominators'));
    expect(asked).toMatchObject({ tool: 'write_lesson_report' });
    expect(asked!.system).toContain('English');

    await setAttributes(`USER#${tutor.userId}`, 'PROFILE', { language: 'sw' });
    await expectOk(draft(tutor, booking.id, 'algebra kwa ufupi'), 'draft in sw');
    expect((await sandboxRequests()).find((r) => r.userText.includes('algebra kwa ufupi'))!.system).toContain('Kiswahili');
  });

  it.each(['fail', 'wrong-shape'] as const)('a model failure (%s): 502, the quota given back, nothing stored', async (behaviour) => {
    const tutor = await establishedAccount(await bookableTutor());
    const { booking } = await completed(await paidLesson({ tutor }));
    const res = await draft(tutor, booking.id, `photosynthesis ${sandboxMarker(behaviour)}`);
    expect([res.status, res.error?.code]).toEqual([502, 'ai_unavailable']);
    expect(await chatCount(tutor)).toBe(0);
    expect(await getItem(`REPORT#${booking.id}`, 'REPORT')).toBeUndefined();
  });

  it('the tutor\'s daily chat quota spent: 429 with resetsAt; the model is not asked', async () => {
    const tutor = await establishedAccount(await bookableTutor());
    const { booking } = await completed(await paidLesson({ tutor }));
    const { doc, name } = table();
    await doc.send(new PutCommand({ TableName: name, Item: { pk: `AIUSE#${tutor.userId}`, sk: `DAY#${nairobiDay(new Date())}`, chat: 50, expiresAt: Math.floor(Date.now() / 1000) + 86_400 } }));
    const res = await draft(tutor, booking.id, 'quota probe report');
    expect([res.status, res.error?.code]).toEqual([429, 'ai_quota_spent']);
    expect(res.body).toMatchObject({ error: { details: { scope: 'user', resetsAt: expect.any(String) } } });
    expect((await sandboxRequests()).some((r) => r.userText.includes('quota probe report'))).toBe(false);
  });
});

describe('a day after the lesson', () => {
  it('reminds a tutor without a report once, and counts reports on time for the tutor and super admins only', async () => {
    const tutor = await bookableTutor();
    const lessons = [];
    for (const nth of [0, 1, 2]) lessons.push(await paidLesson({ tutor, nth }));
    const [reported, unreported, missed] = lessons as [typeof lessons[0], typeof lessons[0], typeof lessons[0]];
    // Each completed at its scheduled end, as the lessons job would.
    useStackEnvironment();
    const endOf = ({ booking }: typeof reported) => new Date(Date.parse(booking.scheduledAt) + booking.durationMinutes * 60_000);
    await completeLesson(reported.booking.id, 'ended_by_tutor', endOf(reported));
    await completeLesson(unreported.booking.id, 'time_passed', endOf(unreported));
    await completeLesson(missed.booking.id, 'student_no_show', endOf(missed));
    await expectOk(save(tutor, reported.booking.id, { revision: 0, ...report }), 'save');
    await expectOk(approve(tutor, reported.booking.id, 1), 'approve');

    // The lessons job a day after each scheduled end, twice (a retried run).
    for (const { booking } of lessons) {
      const dayAfter = new Date(Date.parse(booking.scheduledAt) + (booking.durationMinutes + 24 * 60 + 1) * 60_000);
      await runJobAt('lessons', dayAfter);
      await runJobAt('lessons', dayAfter);
    }

    const reminders = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(tutor.email) && m.subject.startsWith('Lesson report:'));
    expect(reminders.map((m) => m.subject)).toEqual(['Lesson report: Mathematics with Test User']);
    expect(reminders[0]!.body).toContain(`${stack().url}/lesson-report/${unreported.booking.id}`);

    // The no-show lesson asks for no report: two came due, one was on time.
    expect(await expectOk(callApi('getMyReportShare', { token: tutor.accessToken }), 'share')).toEqual({ due: 2, onTime: 1, percent: 50 });
    expect((await callApi('getMyReportShare', { token: reported.student.accessToken })).status).toBe(403);
    const admin = await signInDemoAdmin();
    const { users } = await expectOk(callApi('adminUsers', { token: admin.accessToken, query: { q: tutor.email } }), 'users');
    expect(users.find((u) => u.id === tutor.userId)?.reportShare).toEqual({ due: 2, onTime: 1, percent: 50 });
  });
});
