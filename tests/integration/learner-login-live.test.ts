/**
 * A child's own login in the live class of the lesson their parent booked and paid for them: the
 * server lets that login in as the attendee, the room and the attendance name the child, and the
 * child's join counts as the student side having come (the tutor's End completes the lesson, no
 * refund). A sibling's own login, and the child's login for a sibling's lesson, are refused.
 */
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, moveLesson, payBooking } from '../support/fixtures.js';

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

type Caller = Pick<TestUser, 'accessToken'>;
const liveJoin = (who: Caller, bookingId: string) => callApi('joinLiveSession', { token: who.accessToken, params: { bookingId } });
const liveView = (who: Caller, bookingId: string) => callApi('getLiveSession', { token: who.accessToken, params: { bookingId } });

/** A learner of `parent` with their own student login, linked by the parent's pairing code. */
async function childWithLogin(parent: TestUser, firstName: string): Promise<{ learnerId: string; login: TestUser }> {
  const { learner } = await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName, lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-9', subjects: ['Mathematics'] },
  }), 'add learner');
  const login = await createUser('student', { firstName: `${firstName}Own` });
  const { code } = await expectOk(callApi('createPairingCode', { token: parent.accessToken, params: { learnerId: learner.id } }), 'code');
  await expectOk(callApi('joinHousehold', { token: login.accessToken, body: { code } }), 'join household');
  return { learnerId: learner.id, login };
}

/** A paid lesson the parent booked for `learnerId`, started 5 minutes ago. */
async function lessonFor(parent: TestUser, tutor: TestUser, learnerId: string): Promise<string> {
  const [start] = await freeStarts(tutor.userId);
  const booked = await book(parent, tutor.userId, start!, 60, { learnerId });
  expect(booked.status).toBe(201);
  await payBooking(parent, booked.body.booking);
  await moveLesson(booked.body.booking.id, minutesFromNow(-5));
  return booked.body.booking.id as string;
}

describe('a child\'s own login in the live class', () => {
  it('joins the lesson booked for them as its attendee under their name; a sibling\'s login is refused', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor({ firstName: 'Amina' })]);
    const baraka = await childWithLogin(parent, 'Baraka');
    const zawadi = await childWithLogin(parent, 'Zawadi');
    const barakaLesson = await lessonFor(parent, tutor, baraka.learnerId);
    const zawadiLesson = await lessonFor(parent, tutor, zawadi.learnerId);
    await expectOk(callApi('createLiveSession', { token: tutor.accessToken, params: { bookingId: barakaLesson }, body: { start: true } }), 'start');

    const seen = await expectOk(liveView(baraka.login, barakaLesson), 'child view');
    expect(seen.session).toMatchObject({ viewerRole: 'attendee', canJoin: true, booking: { learner: { firstName: 'Baraka' } } });
    const joined = await expectOk(liveJoin(baraka.login, barakaLesson), 'child join');
    expect(joined.role).toBe('attendee');
    expect(new URL(joined.joinUrl).searchParams.get('role')).toBe('VIEWER');
    expect(new URL(joined.joinUrl).searchParams.get('fullName')).toBe('Baraka');
    expect(joined.session.attendance).toEqual([expect.objectContaining({ userId: baraka.login.userId, name: 'Baraka', role: 'attendee' })]);

    // The sister's login, for her brother's lesson; and his login for hers: the server refuses both.
    for (const refused of [await liveJoin(zawadi.login, barakaLesson), await liveView(zawadi.login, barakaLesson), await liveJoin(baraka.login, zawadiLesson)]) {
      expect([refused.status, refused.error?.code]).toEqual([403, 'access_denied']);
    }

    // The child came: the tutor's End completes the lesson (not a tutor no-show refunding the parent).
    await expectOk(callApi('joinLiveSession', { token: tutor.accessToken, params: { bookingId: barakaLesson } }), 'tutor join');
    await expectOk(callApi('endLiveSession', { token: tutor.accessToken, params: { bookingId: barakaLesson } }), 'end');
    expect(await getItem(`BOOKING#${barakaLesson}`, 'BOOKING')).toMatchObject({ status: 'completed', completedBy: 'ended_by_tutor' });
  });

  it('is refused once the parent unlinks the login', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
    const child = await childWithLogin(parent, 'Imani');
    const bookingId = await lessonFor(parent, tutor, child.learnerId);
    expect((await liveView(child.login, bookingId)).status).toBe(200);
    expect((await callApi('unlinkLearnerLogin', { token: parent.accessToken, params: { learnerId: child.learnerId } })).status).toBe(204);
    expect([(await liveView(child.login, bookingId)).status]).toEqual([403]);
  });
});
