import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { bookingMessages, rescheduleMessages } from '../../functions/bookings/messages.js';
import { api, createUser, sentEmails, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, moveLesson, paidLesson, table, waitUntilDone } from '../support/fixtures.js';
import { runJobAt, sendWork, workQueueDrained } from '../support/jobs.js';

const reschedule = (user: TestUser, bookingId: string, step: '' | 'accept' | 'decline' | 'withdraw', start?: string) =>
  api(`/api/bookings/${bookingId}/reschedule${step ? `/${step}` : ''}`, {
    method: 'POST', token: user.accessToken, ...(start ? { body: { start } } : {}),
  });
const lockOf = async (tutorId: string, hour: string) => getItem(`TUTOR#${tutorId}`, `LOCK#${hour}`);

/**
 * A paid lesson the student may still move: at the tutor's first free start more than 13 hours
 * ahead (the first free start may fall inside the 12-hour window, depending on the time of day).
 */
async function movableLesson(options: { tutor?: TestUser; student?: TestUser } = {}) {
  const tutor = options.tutor ?? await bookableTutor();
  const nth = (await freeStarts(tutor.userId)).findIndex((start) => Date.parse(start) > Date.now() + 13 * 3_600_000);
  return paidLesson({ ...options, tutor, nth });
}

describe('rescheduling a paid lesson', () => {
  it('student proposes, tutor accepts: lesson, hour locks and paid lessons index move; the old hour is bookable again; nothing charged', async () => {
    const { tutor, student, booking } = await movableLesson();
    const oldStart = booking.scheduledAt;
    const newStart = (await freeStarts(tutor.userId))[3]!;

    const proposed = await reschedule(student, booking.id, '', newStart);
    expect(proposed.status).toBe(200);
    expect(proposed.body.booking).toMatchObject({ scheduledAt: oldStart, rescheduleProposal: { by: 'student', start: newStart } });
    const proposedAt = proposed.body.booking.rescheduleProposal.proposedAt as string;
    // The tutor's view shows the proposal; the proposed hour is not held until accepted.
    expect((await api(`/api/bookings/${booking.id}`, { token: tutor.accessToken })).body.booking.rescheduleProposal.start).toBe(newStart);
    expect(await freeStarts(tutor.userId)).toContain(newStart);

    const accepted = await reschedule(tutor, booking.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.booking).toMatchObject({
      scheduledAt: newStart, status: 'confirmed', paymentStatus: 'paid', amountMinor: booking.amountMinor,
    });
    expect(accepted.body.booking.rescheduleProposal).toBeUndefined();
    expect(accepted.body.booking.rescheduledAt).toBeTruthy();

    expect(await lockOf(tutor.userId, oldStart)).toBeUndefined();
    const lock = await lockOf(tutor.userId, newStart);
    expect(lock).toMatchObject({ bookingId: booking.id });
    expect(lock!.expiresAt).toBeUndefined();
    const stored = await getItem(`BOOKING#${booking.id}`, 'BOOKING');
    expect(stored).toMatchObject({
      lockedHours: [newStart], gsi3pk: `LESSONS#${newStart.slice(0, 10)}`, gsi3sk: `${newStart}#${booking.id}`,
      gsi1sk: `${newStart}#${booking.id}`, gsi2sk: `${newStart}#${booking.id}`,
    });

    const starts = await freeStarts(tutor.userId);
    expect(starts).toContain(oldStart);
    expect(starts).not.toContain(newStart);
    expect((await book(await createUser('student'), tutor.userId, oldStart)).status).toBe(201);
    expect((await book(await createUser('student'), tutor.userId, newStart)).body.error.code).toBe('slot_taken');

    // Both are told the new time.
    await waitUntilDone(`lesson-reschedule#${booking.id}#${proposedAt}#accepted#student`);
    await waitUntilDone(`lesson-reschedule#${booking.id}#${proposedAt}#accepted#tutor`);
    const moved = (await sentEmails()).filter((m) => /^Lesson moved/.test(m.subject));
    expect(moved.some((m) => m.destinations.ToAddresses.includes(student.email))).toBe(true);
    expect(moved.some((m) => m.destinations.ToAddresses.includes(tutor.email))).toBe(true);
  });

  it('reminders follow the moved lesson: the lessons job finds it at its new time and reminds again', async () => {
    const { tutor, student, booking } = await movableLesson();
    const newStart = (await freeStarts(tutor.userId))[4]!;
    const hourBefore = (start: string) => new Date(Date.parse(start) - 3_600_000 + 60_000);
    const reminded = async (key: string) => (await getItem(`ONCE#${key}`, 'ONCE'))?.doneAt;

    await runJobAt('lessons', hourBefore(booking.scheduledAt));
    expect(await reminded(`lesson-reminder#${booking.id}#1h#${student.userId}`)).toBeTruthy();

    await reschedule(student, booking.id, '', newStart);
    const moved = (await reschedule(tutor, booking.id, 'accept')).body.booking;
    await runJobAt('lessons', hourBefore(newStart));
    for (const person of [student, tutor]) {
      expect(await reminded(`lesson-reminder#${booking.id}#1h#${person.userId}#moved-${moved.rescheduledAt}`)).toBeTruthy();
    }
  });

  it('a moved lesson is reminded at its new time only: not at its old mark, not by a message sent for its old time', async () => {
    const { tutor, student, booking } = await movableLesson();
    const oldStart = booking.scheduledAt;
    const newStart = (await freeStarts(tutor.userId))[5]!;
    const hourBefore = (start: string) => new Date(Date.parse(start) - 3_600_000 + 60_000);
    await reschedule(student, booking.id, '', newStart);
    const moved = (await reschedule(tutor, booking.id, 'accept')).body.booking;
    const keyOf = (person: { userId: string }) => `ONCE#lesson-reminder#${booking.id}#1h#${person.userId}#moved-${moved.rescheduledAt}`;

    await runJobAt('lessons', hourBefore(oldStart));
    await sendWork('lesson-work', { bookingId: booking.id, kind: 'reminder-1h', scheduledAt: oldStart, at: hourBefore(oldStart).toISOString() });
    await workQueueDrained('lesson-work');
    for (const person of [student, tutor]) expect(await getItem(keyOf(person), 'ONCE')).toBeUndefined();
    const reminders = async () => (await sentEmails()).filter((m) => /^Reminder:/.test(m.subject)
      && (m.destinations.ToAddresses.includes(student.email) || m.destinations.ToAddresses.includes(tutor.email)));
    expect(await reminders()).toEqual([]);

    await runJobAt('lessons', hourBefore(newStart));
    for (const person of [student, tutor]) expect(await getItem(keyOf(person), 'ONCE')).toMatchObject({ doneAt: expect.any(String) });
    expect(await reminders()).toHaveLength(2);
  });

  it('refuses a time that is taken, outside the tutor\'s calendar, or the same; and an accept when the time was booked meanwhile', async () => {
    const { tutor, student, booking } = await movableLesson();
    const [taken, later] = await freeStarts(tutor.userId);
    expect((await book(await createUser('student'), tutor.userId, taken!)).status).toBe(201);

    const intoTaken = await reschedule(student, booking.id, '', taken);
    expect(intoTaken.status).toBe(409);
    expect(intoTaken.body.error).toEqual({ code: 'slot_taken', message: bookingMessages.slotTaken });
    const night = new Date(Date.parse(later!)); night.setUTCHours(23, 0, 0, 0);
    expect((await reschedule(student, booking.id, '', night.toISOString())).body.error.message).toBe(bookingMessages.slotUnavailable);
    expect((await reschedule(student, booking.id, '', booking.scheduledAt)).body.error.message).toBe(rescheduleMessages.sameTime);

    // Free when proposed, booked by someone else before the tutor accepts.
    expect((await reschedule(student, booking.id, '', later)).status).toBe(200);
    expect((await book(await createUser('student'), tutor.userId, later!)).status).toBe(201);
    const accept = await reschedule(tutor, booking.id, 'accept');
    expect(accept.status).toBe(409);
    expect(accept.body.error.code).toBe('slot_taken');
    const after = (await api(`/api/bookings/${booking.id}`, { token: student.accessToken })).body.booking;
    expect(after.scheduledAt).toBe(booking.scheduledAt);
    expect((await lockOf(tutor.userId, booking.scheduledAt))).toMatchObject({ bookingId: booking.id });
  });

  it('lets exactly one of 20 simultaneous accepts and bookings into one hour take it', async () => {
    const tutor = await bookableTutor();
    const lessons: Array<Awaited<ReturnType<typeof paidLesson>>> = [];
    for (let i = 0; i < 10; i++) lessons.push(await paidLesson({ tutor }));
    const target = (await freeStarts(tutor.userId))[0]!;
    // The tutor may propose at any time before a lesson; each student then accepts.
    for (const { booking } of lessons) expect((await reschedule(tutor, booking.id, '', target)).status).toBe(200);
    const bookers = await Promise.all(Array.from({ length: 10 }, () => createUser('student')));

    const results = await Promise.all([
      ...lessons.map(({ student, booking }) => reschedule(student, booking.id, 'accept')),
      ...bookers.map((s) => book(s, tutor.userId, target)),
    ]);
    const won = results.filter((r) => r.status < 300);
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => r.status >= 300);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.body.error).toEqual({ code: 'slot_taken', message: bookingMessages.slotTaken });

    const holder = (await lockOf(tutor.userId, target))!.bookingId;
    expect(holder).toBe(won[0]!.body.booking.id);
    // Every lesson that lost still holds its own hour.
    for (const { booking } of lessons.filter((l) => l.booking.id !== holder)) {
      expect(await lockOf(tutor.userId, booking.scheduledAt)).toMatchObject({ bookingId: booking.id });
    }
  });

  it('a cancel racing the acceptance of a move: one decides again, the cancelled lesson holds no hour, both times are free (20 rounds)', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const { doc, name } = table();
    for (let round = 0; round < 20; round++) {
      const { booking } = await movableLesson({ tutor, student });
      const target = (await freeStarts(tutor.userId)).find((start) => Date.parse(start) > Date.parse(booking.scheduledAt))!;
      expect((await reschedule(student, booking.id, '', target)).status).toBe(200);

      const [accepted, cancelled] = await Promise.all([
        reschedule(tutor, booking.id, 'accept'),
        api(`/api/bookings/${booking.id}/cancel`, { method: 'POST', token: student.accessToken, body: {} }),
      ]);
      // The cancel always wins in the end (it decides again on a moved lesson); the accept either
      // came first or is refused on the cancelled lesson.
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.booking.status).toBe('cancelled');
      if (accepted.status !== 200) expect(accepted.body.error.code).toBe('not_movable');
      const stored = await getItem(`BOOKING#${booking.id}`, 'BOOKING');
      expect(stored).toMatchObject({ status: 'cancelled', scheduledAt: accepted.status === 200 ? target : booking.scheduledAt });

      const locks = await doc.send(new QueryCommand({
        TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :lock)',
        ExpressionAttributeValues: { ':pk': `TUTOR#${tutor.userId}`, ':lock': 'LOCK#' },
      }));
      expect((locks.Items ?? []).filter((lock) => lock.bookingId === booking.id).map((lock) => lock.sk)).toEqual([]);
      const starts = await freeStarts(tutor.userId);
      expect(starts).toContain(booking.scheduledAt);
      expect(starts).toContain(target);
    }
  });

  it('is only for the lesson\'s own student and tutor, and only for paid lessons not yet inside the window', async () => {
    const { tutor, student, booking } = await movableLesson();
    const starts = await freeStarts(tutor.userId);
    const stranger = await createUser('student');
    const otherTutor = await createUser('tutor');
    expect((await reschedule(stranger, booking.id, '', starts[2])).status).toBe(403);
    expect((await reschedule(otherTutor, booking.id, '', starts[2])).status).toBe(403);
    expect((await reschedule(stranger, booking.id, 'accept')).status).toBe(403);
    expect((await reschedule(student, '00000000-0000-4000-8000-000000000000', '', starts[2])).status).toBe(404);

    const unpaid = (await book(student, tutor.userId, starts[0]!)).body.booking;
    const refused = await reschedule(student, unpaid.id, '', starts[2]);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'not_movable', message: rescheduleMessages.notMovable });

    // Six hours ahead: inside the student's 12-hour window; the tutor may still propose.
    await moveLesson(booking.id, new Date(Date.now() + 6 * 3_600_000).toISOString());
    const late = await reschedule(student, booking.id, '', starts[2]);
    expect(late.status).toBe(422);
    expect(late.body.error).toEqual({ code: 'inside_window', message: rescheduleMessages.insideWindow(12) });
    expect((await reschedule(tutor, booking.id, '', starts[2])).status).toBe(200);
  });

  it('the other party declines, the proposer withdraws; one open proposal at a time', async () => {
    const { tutor, student, booking } = await movableLesson();
    const [first, second] = await freeStarts(tutor.userId);

    expect((await reschedule(student, booking.id, '', first)).status).toBe(200);
    const own = await reschedule(student, booking.id, 'accept');
    expect(own.status).toBe(422);
    expect(own.body.error.code).toBe('own_proposal');
    // The proposer may replace their own proposal; the other party must answer it first.
    expect((await reschedule(student, booking.id, '', second)).body.booking.rescheduleProposal.start).toBe(second);
    expect((await reschedule(tutor, booking.id, '', first)).body.error.code).toBe('proposal_pending');
    expect((await reschedule(tutor, booking.id, 'withdraw')).status).toBe(403);

    const declined = await reschedule(tutor, booking.id, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.booking.rescheduleProposal).toBeUndefined();
    expect(declined.body.booking.scheduledAt).toBe(booking.scheduledAt);
    expect((await reschedule(tutor, booking.id, 'accept')).body.error).toEqual({ code: 'no_proposal', message: rescheduleMessages.noProposal });

    const byTutor = await reschedule(tutor, booking.id, '', first);
    expect(byTutor.body.booking.rescheduleProposal).toMatchObject({ by: 'tutor', start: first });
    await waitUntilDone(`lesson-reschedule#${booking.id}#${byTutor.body.booking.rescheduleProposal.proposedAt}#proposed#student`);
    expect((await reschedule(tutor, booking.id, 'withdraw')).status).toBe(200);
    expect((await reschedule(tutor, booking.id, 'withdraw')).body.error.code).toBe('no_proposal');
    expect((await api(`/api/bookings/${booking.id}`, { token: student.accessToken })).body.booking).toMatchObject({ scheduledAt: booking.scheduledAt });
    expect(await lockOf(tutor.userId, booking.scheduledAt)).toMatchObject({ bookingId: booking.id });
  });
});
