/**
 * The lessons job against the emulator: the paid lessons index,
 * reminders 24 h and 1 h ahead sent once to both parties in their own zones, completion only
 * once both joined and the end passed, the "How was your lesson?" e-mail once, and the super
 * admin's lessons list with attendance. The job runs in this process through the local schedule
 * runner at the scheduled time a test chooses; e-mails are read from the emulator's SES.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { paidLessonsStartingBetween } from '../../functions/bookings/service.js';
import type { AttendanceEntry } from '../../functions/live/contract.js';
import { attendanceItem, liveSessionItem } from '../../functions/live/keys.js';
import { publishEvent } from '../../functions/shared/events.js';
import { api, callApi, createUser, expectOk, sentEmails, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, moveLesson, paidLesson, setAttributes, table, waitUntilDone } from '../support/fixtures.js';
import { runJobAt, sendWork, useStackEnvironment, workQueueDrained } from '../support/jobs.js';

const HOUR = 3_600_000;
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

beforeAll(() => useStackEnvironment());

/** A join as the live domain records it (the video sandbox is not needed to say who came). */
async function recordJoin(bookingId: string, user: TestUser, role: AttendanceEntry['role'], joinedAt: string) {
  const { doc, name } = table();
  await doc.send(new PutCommand({ TableName: name, Item: attendanceItem(bookingId, { userId: user.userId, name: 'Test User', role, joinedAt }) }));
}

const bookingStatus = async (bookingId: string) => (await getItem(`BOOKING#${bookingId}`, 'BOOKING'))!.status as string;

async function mailsTo(user: TestUser, subject: RegExp) {
  return (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(user.email) && subject.test(m.subject));
}

/** "Monday, 23 November 2026 at 12:00": the lesson's start as a reader in `timeZone` sees it. */
const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-KE', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));

describe('the paid lessons index', () => {
  it('finds exactly the paid lessons starting in the range, never an unpaid booking', async () => {
    const tutor = await bookableTutor();
    const first = await paidLesson({ tutor });
    const second = await paidLesson({ tutor, nth: 1 });
    const unpaidStudent = await createUser('student');
    const unpaid = (await book(unpaidStudent, tutor.userId, (await freeStarts(tutor.userId))[0]!)).body.booking as { id: string };
    const mine = new Set([first.booking.id, second.booking.id, unpaid.id]);
    const idsBetween = async (from: Date, to: Date) =>
      (await paidLessonsStartingBetween(from, to)).map((b) => b.id).filter((id) => mine.has(id));

    const [a, b] = [first.booking.scheduledAt, second.booking.scheduledAt];
    expect(await idsBetween(new Date(a), new Date(b))).toEqual([first.booking.id]);
    expect(await idsBetween(new Date(a), shift(b, 1))).toEqual([first.booking.id, second.booking.id]);
    expect(await idsBetween(shift(a, 1), shift(b, 1))).toEqual([second.booking.id]);
    // Across UTC days: a week around the lessons, several partitions.
    expect(await idsBetween(shift(a, -3 * 24 * HOUR), shift(b, 3 * 24 * HOUR))).toEqual([first.booking.id, second.booking.id]);
  });
});

describe('lesson reminders', () => {
  it('24 h and 1 h ahead, to both parties, each once even when the job runs twice or overlaps; times in each reader\'s zone', async () => {
    // Paid more than 25 h ahead, so the "24 hours" reminder is due (one paid later gets only the 1 h one).
    const { tutor, student, booking } = await paidLesson({ leadHours: 26 });
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { timeZone: 'Asia/Kolkata' } }), 'time zone');
    const start = booking.scheduledAt;

    // The job's counts cover every test's lessons in the shared table: these two people's mail is what counts.
    await runJobAt('lessons', shift(start, -25 * HOUR));
    expect([...await mailsTo(student, /^Reminder:/), ...await mailsTo(tutor, /^Reminder:/)]).toEqual([]);
    const dayBefore = shift(start, -24 * HOUR + 60_000);
    await Promise.all([runJobAt('lessons', dayBefore), runJobAt('lessons', dayBefore)]);
    await runJobAt('lessons', shift(start, -3 * HOUR));

    const [toStudent, ...moreToStudent] = await mailsTo(student, /^Reminder: .* in 24 hours$/);
    const [toTutor, ...moreToTutor] = await mailsTo(tutor, /^Reminder: .* in 24 hours$/);
    expect([moreToStudent, moreToTutor]).toEqual([[], []]);
    expect(toStudent!.subject).toBe('Reminder: Mathematics with Test User in 24 hours');
    expect(toStudent!.body).toContain(`${localTime(start, 'Africa/Nairobi')} (EAT)`);
    expect(toTutor!.body).toContain(`${localTime(start, 'Asia/Kolkata')} (GMT+5:30)`);
    for (const mail of [toStudent!, toTutor!]) expect(mail.body).toContain(`${stack().url}/live-tutoring/${booking.id}`);

    const hourBefore = shift(start, -HOUR + 60_000);
    await runJobAt('lessons', hourBefore);
    await runJobAt('lessons', hourBefore);
    expect(await mailsTo(student, /in 1 hour$/)).toHaveLength(1);
    expect(await mailsTo(tutor, /in 1 hour$/)).toHaveLength(1);
    expect(await getItem(`ONCE#lesson-reminder#${booking.id}#1h#${student.userId}`, 'ONCE')).toMatchObject({ doneAt: expect.any(String) });
  });

  it('a lesson paid after its 24 h mark gets no late "24 hours" reminder', async () => {
    const { student, booking } = await paidLesson();
    // As if paid 3 hours before the start.
    await setAttributes(`BOOKING#${booking.id}`, 'BOOKING', { paidAt: shift(booking.scheduledAt, -3 * HOUR).toISOString() });
    await runJobAt('lessons', shift(booking.scheduledAt, -2 * HOUR));
    expect(await mailsTo(student, /^Reminder:/)).toEqual([]);
    await runJobAt('lessons', shift(booking.scheduledAt, -HOUR));
    expect((await mailsTo(student, /^Reminder:/)).map((m) => m.subject)).toEqual([expect.stringMatching(/in 1 hour$/)]);
  });
});

describe('lesson completion by the job', () => {
  it('completes a lesson both joined once its end has passed, once; the student gets one "How was your lesson?"', async () => {
    const { tutor, student, booking } = await paidLesson();
    const start = booking.scheduledAt;
    const end = shift(start, booking.durationMinutes * 60_000);
    await recordJoin(booking.id, tutor, 'moderator', shift(start, -60_000).toISOString());
    await recordJoin(booking.id, student, 'attendee', shift(start, 120_000).toISOString());

    await runJobAt('lessons', shift(end.toISOString(), -60_000));
    expect(await bookingStatus(booking.id)).toBe('confirmed');

    await Promise.all([runJobAt('lessons', end), runJobAt('lessons', shift(end.toISOString(), 5 * 60_000))]);
    expect(await getItem(`BOOKING#${booking.id}`, 'BOOKING')).toMatchObject({ status: 'completed', completedBy: 'time_passed' });

    await waitUntilDone(`lesson-completed#${booking.id}`);
    // Delivered again (at-least-once): still one e-mail.
    await publishEvent('LessonCompleted', {
      bookingId: booking.id, studentId: student.userId, tutorId: tutor.userId, subject: 'Mathematics',
      scheduledAt: start, durationMinutes: booking.durationMinutes, reason: 'time_passed', occurredAt: end.toISOString(),
    });
    await new Promise((r) => setTimeout(r, 2000));
    const mails = await mailsTo(student, /^How was your lesson\?/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`${stack().url}/my-bookings`);
    expect(await mailsTo(tutor, /^How was your lesson\?/)).toEqual([]);

    const { bookings } = await expectOk(callApi('listBookings', { token: student.accessToken }), 'my bookings');
    expect(bookings.find((b) => b.id === booking.id)?.status).toBe('completed');
  });

  it('never completes a lesson nobody, or only one party, attended as taught: it is settled as a no-show (cancel-refund.test.ts)', async () => {
    const tutor = await bookableTutor();
    const nobody = await paidLesson({ tutor });
    const onlyTutor = await paidLesson({ tutor, nth: 1 });
    await recordJoin(onlyTutor.booking.id, tutor, 'moderator', onlyTutor.booking.scheduledAt);
    // Each is settled when its end plus the grace passes.
    await runJobAt('lessons', shift(nobody.booking.scheduledAt, 76 * 60_000));
    await runJobAt('lessons', shift(onlyTutor.booking.scheduledAt, 76 * 60_000));
    expect(await getItem(`BOOKING#${nobody.booking.id}`, 'BOOKING')).toMatchObject({ status: 'cancelled', noShow: 'tutor' });
    expect(await getItem(`BOOKING#${onlyTutor.booking.id}`, 'BOOKING')).toMatchObject({ status: 'completed', noShow: 'student', completedBy: 'student_no_show' });
    // The tutor is paid (the ledger earns on LessonCompleted), but the absent student gets no "How was your lesson?".
    await expect.poll(async () => (await expectOk(callApi('tutorStats', { token: tutor.accessToken }), 'stats')).totalEarnings, { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await getItem('ONCE#lesson-completed#' + onlyTutor.booking.id, 'ONCE')).toBeUndefined();
  });

  it('settles a class the tutor ended before its scheduled end, before the student came, as the tutor\'s no-show (the end\'s own settling did not happen)', async () => {
    const { tutor, student, booking } = await paidLesson();
    const start = booking.scheduledAt;
    await recordJoin(booking.id, tutor, 'moderator', start);
    const { doc, name } = table();
    await doc.send(new PutCommand({
      TableName: name,
      Item: liveSessionItem({
        bookingId: booking.id, status: 'ended', meetingId: `alp-${booking.id}`, tutorId: tutor.userId, studentId: student.userId,
        createdAt: start, startedAt: start, endedAt: shift(start, 10 * 60_000).toISOString(),
      }),
    }));
    await runJobAt('lessons', shift(start, 76 * 60_000));
    const settled = await getItem(`BOOKING#${booking.id}`, 'BOOKING');
    expect(settled).toMatchObject({ status: 'cancelled', noShow: 'tutor' });
    expect(settled!.completedAt).toBeUndefined();
  });

  it('never completes an unpaid booking, whoever joined', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const start = (await freeStarts(tutor.userId))[0]!;
    const { booking } = (await book(student, tutor.userId, start)).body as { booking: { id: string } };
    await recordJoin(booking.id, tutor, 'moderator', start);
    await recordJoin(booking.id, student, 'attendee', start);
    await runJobAt('lessons', shift(start, 2 * HOUR));
    expect(await bookingStatus(booking.id)).toBe('pending');
  });
});

describe('the lessons job works on what came due', () => {
  it('a run with nothing due reads no lesson, though paid lessons start within the day', async () => {
    const { booking } = await paidLesson();
    // Lessons start on the hour or half hour: nothing of any lesson comes due at :20 to :25.
    const quiet = shift(booking.scheduledAt, -10 * HOUR + 20 * 60_000);
    const next = shift(quiet.toISOString(), 5 * 60_000);
    expect((await paidLessonsStartingBetween(next, shift(next.toISOString(), 24 * HOUR))).map((l) => l.id)).toContain(booking.id);
    await runJobAt('lessons', quiet);
    expect(await runJobAt('lessons', next)).toMatchObject({ lessonsRead: 0, reminders: 0, completions: 0, settlements: 0 });
  });

  it('a redelivered reminder or completion message acts once: one e-mail each, one completion, one "How was your lesson?"', async () => {
    const { tutor, student, booking } = await paidLesson();
    const start = booking.scheduledAt;
    const end = shift(start, booking.durationMinutes * 60_000);
    await recordJoin(booking.id, tutor, 'moderator', start);
    await recordJoin(booking.id, student, 'attendee', start);
    const reminder = { bookingId: booking.id, kind: 'reminder-1h', scheduledAt: start, at: shift(start, -HOUR + 60_000).toISOString() };
    const completion = { bookingId: booking.id, kind: 'complete', scheduledAt: start, at: end.toISOString() };
    await Promise.all([sendWork('lesson-work', reminder), sendWork('lesson-work', reminder), sendWork('lesson-work', completion), sendWork('lesson-work', completion)]);
    await workQueueDrained('lesson-work');
    await Promise.all([sendWork('lesson-work', reminder), sendWork('lesson-work', completion)]);
    await workQueueDrained('lesson-work');

    expect(await mailsTo(student, /in 1 hour$/)).toHaveLength(1);
    expect(await mailsTo(tutor, /in 1 hour$/)).toHaveLength(1);
    expect(await getItem(`BOOKING#${booking.id}`, 'BOOKING')).toMatchObject({ status: 'completed', completedBy: 'time_passed' });
    await waitUntilDone(`lesson-completed#${booking.id}`);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await mailsTo(student, /^How was your lesson\?/)).toHaveLength(1);
  });

  it('a cancelled lesson is never reminded, neither by a run at its mark nor by a message sent before the cancel', async () => {
    const { student, tutor, booking } = await paidLesson();
    const start = booking.scheduledAt;
    const hourMark = shift(start, -HOUR + 60_000);
    const cancelled = await callApi('cancelBooking', { token: student.accessToken, params: { bookingId: booking.id }, body: {} });
    expect(cancelled.status).toBe(200);
    await runJobAt('lessons', hourMark);
    await sendWork('lesson-work', { bookingId: booking.id, kind: 'reminder-1h', scheduledAt: start, at: hourMark.toISOString() });
    await workQueueDrained('lesson-work');
    expect([...await mailsTo(student, /^Reminder:/), ...await mailsTo(tutor, /^Reminder:/)]).toEqual([]);
  });
});

describe('GET /api/admin/lessons', () => {
  it('lists a day\'s paid lessons with who joined and when, for super admins only', async () => {
    const { tutor, student, booking } = await paidLesson();
    const joinedAt = shift(booking.scheduledAt, 60_000).toISOString();
    await recordJoin(booking.id, student, 'attendee', joinedAt);
    // Days are East Africa Time's (UTC+3), as the dashboard shows them.
    const eatDay = (iso: string) => new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 10);
    const day = eatDay(booking.scheduledAt);
    const admin = await signInDemoAdmin();

    const { lessons, day: answered } = await expectOk(callApi('adminLessons', { token: admin.accessToken, query: { day } }), 'lessons');
    expect(answered).toBe(day);
    expect(lessons.find((l) => l.bookingId === booking.id)).toEqual({
      bookingId: booking.id, subject: 'Mathematics', scheduledAt: booking.scheduledAt, durationMinutes: 60, status: 'confirmed',
      tutor: { id: tutor.userId, name: 'Test User' }, student: { id: student.userId, name: 'Test User' },
      attendance: [{ userId: student.userId, name: 'Test User', role: 'attendee', joinedAt }],
    });
    expect(lessons.every((l) => eatDay(l.scheduledAt) === day)).toBe(true);
    // 21:30 UTC is already the next day in Nairobi: listed there, not on its UTC date.
    const late = await paidLesson();
    await moveLesson(late.booking.id, `${day}T21:30:00.000Z`);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const onDay = await expectOk(callApi('adminLessons', { token: admin.accessToken, query: { day } }), 'lessons');
    const onNext = await expectOk(callApi('adminLessons', { token: admin.accessToken, query: { day: next } }), 'lessons');
    expect(onDay.lessons.some((l) => l.bookingId === late.booking.id)).toBe(false);
    expect(onNext.lessons.some((l) => l.bookingId === late.booking.id)).toBe(true);

    expect((await callApi('adminLessons', { token: student.accessToken, query: { day } })).status).toBe(403);
    expect((await callApi('adminLessons', { token: tutor.accessToken, query: { day } })).status).toBe(403);
    expect((await api(`/api/admin/lessons?day=${day}`)).status).toBe(401);
    expect((await callApi('adminLessons', { token: admin.accessToken, query: { day: '23-11-2026' } })).status).toBe(400);
  });

  it('without a day, lists today in East Africa Time (UTC+3, so from 21:00 UTC it is already tomorrow)', async () => {
    const admin = await signInDemoAdmin();
    const eatToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const before = eatToday();
    const answer = await expectOk(callApi('adminLessons', { token: admin.accessToken }), 'lessons');
    // Either side of EAT midnight if the call straddled it.
    expect([before, eatToday()]).toContain(answer.day);
  });
});
