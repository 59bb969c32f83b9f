/**
 * Homework and the Lessons history against the emulators: an approved report's homework is a to-do
 * only the family marks done (idempotent, undo allowed), with a photo through the presigned upload
 * path that the family, the lesson's tutor and super admins open by signed links and nobody else
 * reaches; each learner's history lists reported lessons newest first, a page at a time, without
 * the tutor's private note, and a learner outside the household is "not found".
 */
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { MAX_UPLOAD_BYTES } from '../../functions/uploads/rules.js';
import { callApi, createUser, expectOk, signInDemoAdmin, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, paidLesson, payBooking } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { exists, PDF, PNG, postUpload, type Ticket } from '../support/uploads.js';

type Caller = Pick<TestUser, 'accessToken'>;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0exercise 4B worked on paper')]);

const report = {
  topics: ['Fractions'], performance: 'getting_there', homework: { text: 'Exercise 4B, questions 1–10', dueDate: '2026-12-05' },
  nextSteps: 'Adding fractions with unlike denominators.', privateNote: 'Tired today; ask the parent about sleep.',
};

async function reported(tutor: TestUser, bookingId: string, fields: Record<string, unknown> = report): Promise<void> {
  useStackEnvironment();
  await completeLesson(bookingId, 'ended_by_tutor');
  await expectOk(callApi('saveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 0, ...fields } as never }), 'save');
  await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 1 } }), 'approve');
}

const mark = (who: Caller, bookingId: string, body: { done: boolean; photoKey?: string }) =>
  callApi('markLessonHomework', { token: who.accessToken, params: { bookingId }, body });
const ticket = (who: Caller, bookingId: string, file: { fileName: string; contentType: string; size: number }) =>
  callApi('createHomeworkPhotoUpload', { token: who.accessToken, params: { bookingId }, body: file });
const history = (who: Caller, query: { learnerId?: string; cursor?: string; limit?: number } = {}) =>
  callApi('getLessonHistory', { token: who.accessToken, query: query as never });
const readReport = (who: Caller, bookingId: string) => callApi('getLessonReport', { token: who.accessToken, params: { bookingId } });

async function uploadPhoto(who: TestUser, bookingId: string, bytes: Uint8Array = JPEG, type = 'image/jpeg'): Promise<string> {
  const t = await expectOk(ticket(who, bookingId, { fileName: 'My work.jpg', contentType: type, size: bytes.length }), 'ticket');
  expect((await postUpload(t as Ticket, new Uint8Array(bytes), type)).status).toBeLessThan(300);
  return t.key;
}

/** A parent with one child, the child's lesson with a tutor, completed and reported. */
async function childLesson() {
  const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
  const { learner } = await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName: 'Wanjiru', lastName: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
  }), 'add learner');
  const [start] = await freeStarts(tutor.userId);
  const booked = await book(parent, tutor.userId, start!, 60, { learnerId: learner.id });
  expect(booked.status).toBe(201);
  await payBooking(parent, booked.body.booking);
  const bookingId = booked.body.booking.id as string;
  await reported(tutor, bookingId);
  return { parent, tutor, learnerId: learner.id as string, bookingId };
}

describe('homework to-do', () => {
  it('only the family marks it done, once however often it is sent, and may undo it; another household gets 404, the tutor 403', async () => {
    const { parent, tutor, learnerId, bookingId } = await childLesson();
    const stranger = await createUser('parent');
    const admin = await signInDemoAdmin();

    expect((await mark(stranger, bookingId, { done: true })).status).toBe(404);
    expect((await mark(tutor, bookingId, { done: true })).status).toBe(403);
    expect((await mark(admin, bookingId, { done: true })).status).toBe(403);
    expect((await history(stranger, { learnerId })).status).toBe(404);

    const first = await expectOk(mark(parent, bookingId, { done: true }), 'done');
    expect(first.message).toBe('Homework marked done.');
    const again = await expectOk(mark(parent, bookingId, { done: true }), 'done again');
    expect(again.homeworkDone).toEqual(first.homeworkDone);

    const page = await expectOk(history(parent, { learnerId }), 'history');
    expect(page.lessons).toHaveLength(1);
    expect(page.lessons[0]).toMatchObject({
      bookingId, subject: 'Mathematics', report: { topics: ['Fractions'], nextSteps: report.nextSteps },
      homework: { text: report.homework.text, dueDate: '2026-12-05', dueState: 'none', done: { doneAt: first.homeworkDone!.doneAt } },
    });
    expect(JSON.stringify(page)).not.toContain('sleep');

    const undone = await expectOk(mark(parent, bookingId, { done: false }), 'undo');
    expect(undone).toEqual({ homeworkDone: null, message: 'Homework marked not done.' });
    const reopened = await expectOk(history(parent, { learnerId }), 'history');
    expect(reopened.lessons[0]!.homework!.done).toBeNull();
    expect(reopened.lessons[0]!.homework!.dueState).not.toBe('none');
  });

  it('the child\'s own linked login marks it and reads their history; a sibling\'s login cannot', async () => {
    const { parent, bookingId, learnerId } = await childLesson();
    const pairLogin = async (id: string) => {
      const login = await createUser('student');
      const { code } = await expectOk(callApi('createPairingCode', { token: parent.accessToken, params: { learnerId: id } }), 'code');
      await expectOk(callApi('joinHousehold', { token: login.accessToken, body: { code } }), 'join');
      return login;
    };
    const { learner: sibling } = await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Kip', lastName: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-5', subjects: ['Mathematics'] },
    }), 'sibling');
    const own = await pairLogin(learnerId);
    const siblingLogin = await pairLogin(sibling.id);

    expect((await mark(siblingLogin, bookingId, { done: true })).status).toBe(404);
    expect((await expectOk(history(siblingLogin), 'sibling history')).lessons).toEqual([]);
    await expectOk(mark(own, bookingId, { done: true }), 'own login marks');
    const mine = await expectOk(history(own), 'own history');
    expect(mine.lessons.map((l) => l.bookingId)).toEqual([bookingId]);
    expect(mine.lessons[0]!.homework!.done).not.toBeNull();
  });

  it('a lesson whose report set no homework has nothing to mark (409)', async () => {
    const tutor = await bookableTutor();
    const { student, booking } = await paidLesson({ tutor });
    const { homework: _none, ...noHomework } = report;
    await reported(tutor, booking.id, noHomework);
    const refused = await mark(student, booking.id, { done: true });
    expect([refused.status, refused.error?.code]).toEqual([409, 'no_homework']);
    // An adult student reads their own history: the lesson, without a to-do.
    const own = await expectOk(history(student), 'history');
    expect(own.lessons[0]).toMatchObject({ bookingId: booking.id, homework: null });
  });
});

describe('a photo of the work', () => {
  it('presign rules: photos only, at most 10 MB, for the family only', async () => {
    const { parent, tutor, bookingId } = await childLesson();
    const stranger = await createUser('parent');
    const photo = { fileName: 'work.jpg', contentType: 'image/jpeg', size: 1000 };
    expect((await ticket(parent, bookingId, photo)).status).toBe(200);
    expect((await ticket(stranger, bookingId, photo)).status).toBe(404);
    expect((await ticket(tutor, bookingId, photo)).status).toBe(403);
    const pdf = await ticket(parent, bookingId, { ...photo, fileName: 'work.pdf', contentType: 'application/pdf' });
    expect([pdf.status, pdf.error?.message]).toEqual([400, 'That file type can\'t be used here. Choose a JPG, PNG or WebP file.']);
    expect((await ticket(parent, bookingId, { ...photo, size: MAX_UPLOAD_BYTES + 1 })).error?.message).toBe('File size must be less than 10MB');

    // The bytes decide: a PDF sent as a JPEG is refused and removed.
    const disguised = await uploadPhoto(parent, bookingId, PDF, 'image/jpeg');
    expect((await mark(parent, bookingId, { done: true, photoKey: disguised })).status).toBe(400);
    expect(await exists(disguised)).toBe(false);
    // Another user's upload cannot be attached.
    const othersKey = await uploadPhoto(parent, bookingId);
    expect((await mark(stranger, bookingId, { done: true, photoKey: othersKey })).status).toBe(404);
  });

  it('the family, the lesson\'s tutor and a super admin open it by a signed link; another parent sees nothing of it', async () => {
    const { parent, tutor, learnerId, bookingId } = await childLesson();
    const stranger = await createUser('parent');
    const admin = await signInDemoAdmin();
    const key = await uploadPhoto(parent, bookingId, PNG, 'image/png');
    const done = await expectOk(mark(parent, bookingId, { done: true, photoKey: key }), 'done with photo');
    expect(done.homeworkDone!.photoUrl).toBeTruthy();
    expect(await exists(key)).toBe(false);
    // The same mark sent again (its staged photo already moved) keeps the photo.
    const retried = await expectOk(mark(parent, bookingId, { done: true, photoKey: key }), 'retried');
    expect(retried.homeworkDone!.photoUrl).toBeTruthy();

    const seenBy = async (who: Caller) => (await expectOk(readReport(who, bookingId), 'report')).report!.homeworkDone!;
    for (const reader of [parent, tutor, admin]) {
      const { photoUrl } = await seenBy(reader);
      const served = await fetch(photoUrl!);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    }
    const fromHistory = await expectOk(history(parent, { learnerId }), 'history');
    expect(fromHistory.lessons[0]!.homework!.done!.photoUrl).toBeTruthy();

    const refused = await readReport(stranger, bookingId);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('homework');
    expect((await history(stranger, { learnerId })).status).toBe(404);
  });
});

describe('Lessons history', () => {
  it('newest first, a page at a time; a foreign cursor is refused', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
    const { learner } = await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Njeri', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
    }), 'add learner');
    const starts = (await freeStarts(tutor.userId)).slice(0, 3);
    const ids: string[] = [];
    for (const start of starts) {
      const booked = await book(parent, tutor.userId, start, 60, { learnerId: learner.id });
      await payBooking(parent, booked.body.booking);
      ids.push(booked.body.booking.id as string);
      await reported(tutor, booked.body.booking.id as string);
    }
    const first = await expectOk(history(parent, { learnerId: learner.id, limit: 2 }), 'page 1');
    expect(first.lessons.map((l) => l.bookingId)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBeTruthy();
    const second = await expectOk(history(parent, { learnerId: learner.id, limit: 2, cursor: first.nextCursor! }), 'page 2');
    expect(second.lessons.map((l) => l.bookingId)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await history(parent, { learnerId: learner.id, cursor: Buffer.from('REPORT#x').toString('base64url') })).status).toBe(400);
  });
});
