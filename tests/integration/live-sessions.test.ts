/**
 * Live lessons over HTTP against the emulators and the BigBlueButton sandbox: access in the
 * spec's order with its texts, roles decided by the server, the opening window, attendance, and
 * an end that completes the lesson once however often it is sent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMessages } from '../../functions/live/contract.js';
import { api, callApi, createUser, eventually, expectOk, signInDemoAdmin, type TestUser } from '../support/api.js';
import { listenForEvents, type EventListener } from '../support/events.js';
import { book, bookableTutor, freeStarts, getItem, moveLesson, paidThroughSandbox, payBooking } from '../support/fixtures.js';

let tutor: TestUser;
let completions: EventListener<'LessonCompleted'>;

beforeAll(async () => {
  [tutor, completions] = await Promise.all([bookableTutor({ firstName: 'Amina' }), listenForEvents(['LessonCompleted'])]);
});
afterAll(async () => { await completions.close(); });

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * A booking of the shared tutor by a new student, paid through the Paystack webhook unless
 * `paid: false`; `startsIn` minutes moves its start next to now (booking itself needs a future
 * hour inside the tutor's notice, so the stored start is set directly, as time passing would).
 */
async function lesson(options: { paid?: boolean; startsIn?: number } = {}) {
  const student = await createUser('student');
  const [start] = await freeStarts(tutor.userId);
  const { booking } = (await book(student, tutor.userId, start!)).body;
  if (options.paid !== false) await payBooking(student, booking);
  if (options.startsIn !== undefined) await moveLesson(booking.id, minutesFromNow(options.startsIn));
  return { student, bookingId: booking.id as string };
}

type Caller = Pick<TestUser, 'accessToken'>;
const params = (bookingId: string) => ({ bookingId });
const view = (who: Caller, bookingId: string) => callApi('getLiveSession', { token: who.accessToken, params: params(bookingId) });
const create = (who: Caller, bookingId: string, start = false) =>
  callApi('createLiveSession', { token: who.accessToken, params: params(bookingId), body: { start } });
const join = (who: Caller, bookingId: string) => callApi('joinLiveSession', { token: who.accessToken, params: params(bookingId) });
const end = (who: Caller, bookingId: string) => callApi('endLiveSession', { token: who.accessToken, params: params(bookingId) });
const roleParam = (joinUrl: string) => new URL(joinUrl).searchParams.get('role');
const cancelAsStudent = (who: Caller, bookingId: string) => callApi('cancelBooking', { token: who.accessToken, params: { bookingId }, body: {} });

describe('access to a live session (checked in order)', () => {
  it('refuses the signed out, an unknown booking, a stranger, a super admin and an unpaid booking, each with its text', async () => {
    const paid = await lesson({ startsIn: 5 });
    const unpaid = await lesson({ paid: false });
    const stranger = await createUser('student');
    const admin = await signInDemoAdmin();

    expect((await api(`/api/live-sessions/${paid.bookingId}`)).status).toBe(401);
    const unknown = await view(paid.student, randomUUID());
    expect([unknown.status, unknown.error]).toEqual([404, { code: 'not_found', message: liveMessages.bookingNotFound }]);
    for (const outsider of [stranger, admin]) {
      const refused = await view(outsider, paid.bookingId);
      expect([refused.status, refused.error]).toEqual([403, { code: 'access_denied', message: liveMessages.accessDenied }]);
      expect((await join(outsider, paid.bookingId)).status).toBe(403);
    }
    // Not a participant comes before not paid: a stranger learns nothing about the payment.
    expect((await view(stranger, unpaid.bookingId)).error?.code).toBe('access_denied');
    for (const call of [view(unpaid.student, unpaid.bookingId), join(unpaid.student, unpaid.bookingId), create(tutor, unpaid.bookingId)]) {
      const refused = await call;
      expect([refused.status, refused.error]).toEqual([402, { code: 'payment_required', message: liveMessages.paymentRequired }]);
    }
  });

  it('lets only the tutor create and end: the student is refused both', async () => {
    const { student, bookingId } = await lesson({ startsIn: 5 });
    expect((await create(student, bookingId)).status).toBe(403);
    expect((await create(tutor, bookingId, true)).status).toBe(200);
    expect((await end(student, bookingId)).status).toBe(403);
    expect((await view(student, bookingId)).body.session.status).toBe('active');
  });
});

describe('a lesson from Start Class to Session Ended', () => {
  it('waits for the tutor, gives each party the role the booking says, records both joins, and completes once', async () => {
    // Its hour began 5 minutes ago: a class can be ended only once the lesson has started.
    const { student, bookingId } = await lesson({ startsIn: -5 });
    const before = await expectOk(view(student, bookingId), 'view');
    expect(before.session).toMatchObject({ status: 'not_created', viewerRole: 'attendee', canJoin: false, canCreate: false, attendance: [] });
    expect(before.session.booking).toMatchObject({ subject: 'Mathematics', currency: 'KES', tutor: { firstName: 'Amina' } });
    const early = await join(student, bookingId);
    expect([early.status, early.error]).toEqual([409, { code: 'not_started', message: liveMessages.waitingForTutor }]);

    const created = await expectOk(create(tutor, bookingId), 'create');
    expect(created.session).toMatchObject({ status: 'created', viewerRole: 'moderator', canJoin: true, canEnd: false });
    // A repeat changes nothing.
    expect((await expectOk(create(tutor, bookingId), 'create again')).session.status).toBe('created');

    const studentJoin = await expectOk(join(student, bookingId), 'student join');
    expect(studentJoin.role).toBe('attendee');
    expect(roleParam(studentJoin.joinUrl)).toBe('VIEWER');
    expect(studentJoin.session.status).toBe('active');
    const tutorJoin = await expectOk(join(tutor, bookingId), 'tutor join');
    expect(tutorJoin.role).toBe('moderator');
    expect(roleParam(tutorJoin.joinUrl)).toBe('MODERATOR');
    // The sandbox's classroom page opens for a signed URL.
    expect((await fetch(tutorJoin.joinUrl)).status).toBe(200);

    const seen = (await expectOk(view(tutor, bookingId), 'view')).session;
    expect(seen.attendance.map((a) => [a.userId, a.role])).toEqual([[student.userId, 'attendee'], [tutor.userId, 'moderator']]);
    expect(seen.canEnd).toBe(true);

    // Three ends at once (a double click and a retry): each answers the ended state.
    const ends = await Promise.all([1, 2, 3].map(() => expectOk(end(tutor, bookingId), 'end')));
    for (const ended of ends) expect(ended.session).toMatchObject({ status: 'ended', canJoin: false, canEnd: false });
    const booking = await getItem(`BOOKING#${bookingId}`, 'BOOKING');
    expect(booking).toMatchObject({ status: 'completed', completedBy: 'ended_by_tutor' });

    // Replays answer the ended state and change nothing: one completion, one event.
    const replays = await Promise.all([end(tutor, bookingId), end(tutor, bookingId)]);
    for (const replay of replays) expect([replay.status, replay.body.session?.status]).toEqual([200, 'ended']);
    expect((await getItem(`BOOKING#${bookingId}`, 'BOOKING'))!.completedAt).toBe(booking!.completedAt);
    const published = await eventually(async () => {
      const mine = (await completions.received()).filter((e) => e.detail.bookingId === bookingId);
      return mine.length ? mine : undefined;
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(published).toHaveLength(1);
    expect((await completions.received()).filter((e) => e.detail.bookingId === bookingId)).toHaveLength(1);

    for (const refused of [await join(student, bookingId), await create(tutor, bookingId, true)]) {
      expect([refused.status, refused.error?.code]).toEqual([409, 'session_ended']);
    }
  });

  it('refuses to end a session that is not live', async () => {
    const { bookingId } = await lesson({ startsIn: 5 });
    expect((await end(tutor, bookingId)).error?.code).toBe('not_active');
    await expectOk(create(tutor, bookingId), 'create');
    const refused = await end(tutor, bookingId);
    expect([refused.status, refused.error]).toEqual([409, { code: 'not_active', message: liveMessages.notActive }]);
  });
});

describe('a class the student never got is never paid', () => {
  it('can\'t be ended before the lesson starts: 422 with the time, nothing changes, and the student can still come', async () => {
    const { student, bookingId } = await lesson({ startsIn: 12 });
    const started = await expectOk(create(tutor, bookingId, true), 'start class');
    expect(started.session).toMatchObject({ status: 'active', canEnd: false });
    const refused = await end(tutor, bookingId);
    expect([refused.status, refused.error?.code]).toEqual([422, 'lesson_not_started']);
    expect(refused.error?.message).toMatch(/^The lesson starts on .+ at \d\d:\d\d \(EAT\)\. A class can be ended from then on; to call the lesson off, cancel the booking in My Bookings\.$/);
    const inSwahili = await api(`/api/live-sessions/${bookingId}/end`, { token: tutor.accessToken, method: 'POST', headers: { 'accept-language': 'sw' } });
    expect(inSwahili.body.error.message).toMatch(/^Somo linaanza .+ saa \d\d:\d\d \(EAT\)\. Darasa linaweza kumalizwa/u);
    expect(await getItem(`BOOKING#${bookingId}`, 'BOOKING')).toMatchObject({ status: 'confirmed' });
    expect((await expectOk(join(student, bookingId), 'student join')).session.status).toBe('active');
  });

  it('ended after the start but before its end, without the student having joined: a tutor no-show, refunded, the tutor earns nothing', async () => {
    const { tutor: own, student, booking } = await paidThroughSandbox({ tutor: await bookableTutor({ firstName: 'Neema' }) });
    await moveLesson(booking.id, minutesFromNow(-10));
    await expectOk(create(own, booking.id, true), 'start class');
    await expectOk(join(own, booking.id), 'tutor join');
    const seen = (await expectOk(view(own, booking.id), 'view')).session;
    // The page warns the tutor before they press End.
    expect(seen).toMatchObject({ canEnd: true, endOutcome: 'tutor_no_show' });

    const ended = await expectOk(end(own, booking.id), 'end');
    expect(ended.session).toMatchObject({ status: 'ended', booking: { status: 'cancelled' } });
    const stored = await getItem(`BOOKING#${booking.id}`, 'BOOKING');
    expect(stored).toMatchObject({ status: 'cancelled', noShow: 'tutor', cancellation: { by: 'system', refundDue: true } });
    expect(stored!.completedAt).toBeUndefined();
    await eventually(async () => (await getItem(`BOOKING#${booking.id}`, 'BOOKING'))?.paymentStatus === 'refunded' || undefined, 15_000);

    const late = await join(student, booking.id);
    expect([late.status, late.error]).toEqual([409, { code: 'lesson_cancelled', message: liveMessages.lessonCancelled }]);
    const stats = await expectOk(callApi('tutorStats', { token: own.accessToken }), 'stats');
    expect([stats.totalEarnings, stats.totalSessions]).toEqual([0, 0]);
    expect((await completions.received()).filter((e) => e.detail.bookingId === booking.id)).toEqual([]);
  });

  it('says before the end what it will do: completed once the student has joined', async () => {
    const { student, bookingId } = await lesson({ startsIn: -5 });
    await expectOk(create(tutor, bookingId, true), 'start class');
    await expectOk(join(tutor, bookingId), 'tutor join');
    expect((await expectOk(view(tutor, bookingId), 'view')).session.endOutcome).toBe('tutor_no_show');
    await expectOk(join(student, bookingId), 'student join');
    expect((await expectOk(view(tutor, bookingId), 'view')).session.endOutcome).toBe('completed');
    // The student is never told what the tutor's button does.
    expect((await expectOk(view(student, bookingId), 'view')).session.endOutcome).toBeUndefined();
  });
});

describe('a booking that has no class', () => {
  it('a cancelled lesson: no room is opened or entered, for either party, with the reason', async () => {
    const { student, bookingId } = await lesson({ startsIn: 5 });
    // Inside the cancellation window: cancelled, not refunded, still paid.
    expect((await cancelAsStudent(student, bookingId)).status).toBe(200);
    expect(await getItem(`BOOKING#${bookingId}`, 'BOOKING')).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    for (const call of [create(tutor, bookingId, true), join(student, bookingId), view(student, bookingId), view(tutor, bookingId)]) {
      const refused = await call;
      expect([refused.status, refused.error]).toEqual([409, { code: 'lesson_cancelled', message: liveMessages.lessonCancelled }]);
    }
    expect(await getItem(`LIVE#${bookingId}`, 'SESSION')).toBeUndefined();
    const inSwahili = await api(`/api/live-sessions/${bookingId}/join`, { token: student.accessToken, method: 'POST', headers: { 'accept-language': 'sw' } });
    expect(inSwahili.body.error.message).toMatch(/^Somo hili limeghairiwa/);
  });

  it('a cancelled lesson whose room was open: joining is refused from then on', async () => {
    const { student, bookingId } = await lesson({ startsIn: 5 });
    await expectOk(create(tutor, bookingId), 'create');
    expect((await cancelAsStudent(student, bookingId)).status).toBe(200);
    expect((await join(student, bookingId)).error?.code).toBe('lesson_cancelled');
    expect((await join(tutor, bookingId)).error?.code).toBe('lesson_cancelled');
  });

  it('an unpaid booking released by its student says cancelled, not "Payment Required"', async () => {
    const { student, bookingId } = await lesson({ paid: false, startsIn: 5 });
    expect((await cancelAsStudent(student, bookingId)).status).toBe(200);
    expect((await view(student, bookingId)).error?.code).toBe('lesson_cancelled');
  });
});

describe('the opening window', () => {
  it('opens 15 minutes before the start and says when the lesson is, in the viewer\'s zone', async () => {
    const { student, bookingId } = await lesson({ startsIn: 60 });
    for (const refused of [await create(tutor, bookingId), await join(student, bookingId)]) {
      expect(refused.status).toBe(422);
      expect(refused.error?.code).toBe('outside_window');
      expect(refused.error?.message).toMatch(/^This class opens 15 minutes before the lesson starts\. The lesson is on .+ at \d\d:\d\d \(EAT\)\.$/);
    }
    expect((await expectOk(view(student, bookingId), 'view')).session.notice).toContain('(EAT)');
    // In Kiswahili, the lesson time too (the view's notice and the refusal alike).
    const inSwahili = { token: student.accessToken, headers: { 'accept-language': 'sw' } };
    const swNotice = /^Darasa hili hufunguliwa dakika 15 kabla ya somo kuanza\. Somo ni (Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili), \d+ \p{L}+ \d{4} saa \d\d:\d\d \(EAT\)\.$/u;
    expect((await api(`/api/live-sessions/${bookingId}`, inSwahili)).body.session.notice).toMatch(swNotice);
    expect((await api(`/api/live-sessions/${bookingId}/join`, { ...inSwahili, method: 'POST' })).body.error.message).toMatch(swNotice);
    await moveLesson(bookingId, minutesFromNow(14));
    expect((await create(tutor, bookingId)).status).toBe(200);
  });

  it('closes 30 minutes after the scheduled end', async () => {
    const { bookingId } = await lesson({ startsIn: -91 });
    const refused = await create(tutor, bookingId, true);
    expect([refused.status, refused.error?.code]).toEqual([422, 'outside_window']);
    expect(refused.error?.message).toContain('This class has closed');
  });
});

describe('POST /api/live-demo/join', () => {
  it('gives any signed-in user their own demo room as its moderator, and books nothing', async () => {
    const student = await createUser('student', { firstName: 'Wanjiru' });
    const demo = await expectOk(callApi('joinDemoSession', { token: student.accessToken }), 'demo');
    expect(demo).toMatchObject({ role: 'moderator', meetingName: 'Demo class — Wanjiru' });
    expect(roleParam(demo.joinUrl)).toBe('MODERATOR');
    expect(new URL(demo.joinUrl).searchParams.get('meetingID')).toBe(`alp-demo-${student.userId}`);
    expect((await expectOk(callApi('listBookings', { token: student.accessToken }), 'bookings')).bookings).toEqual([]);
  });
});
