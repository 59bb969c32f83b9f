/**
 * Learner logins against the emulators over HTTP: a parent makes a pairing code for a child, the
 * child enters it from their own student account and becomes that learner; a code works once,
 * for 24 hours, and a new one replaces the old; a user joins one household and a learner takes
 * one user; a linked learner cannot book, pay or cancel (their parent does), until unlinked.
 */
import { describe, expect, it } from 'vitest';
import { api, callApi, createUser, eventually, expectOk, signIn, type TestUser } from '../support/api.js';
import { bookableTutor, freeStarts, getItem, setAttributes } from '../support/fixtures.js';
import type { LearnerDetailsInput } from '../../functions/households/contract.js';

const amani: LearnerDetailsInput = { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-9', subjects: ['Mathematics'] };

async function parentWithChild(): Promise<{ parent: TestUser; learnerId: string }> {
  const parent = await createUser('parent');
  const { learner } = await expectOk(callApi('addLearner', { token: parent.accessToken, body: amani }), 'add');
  return { parent, learnerId: learner.id };
}
const newCode = (parent: TestUser, learnerId: string) => callApi('createPairingCode', { token: parent.accessToken, params: { learnerId } });
const join = (child: TestUser, code: string) => callApi('joinHousehold', { token: child.accessToken, body: { code } });
const learners = async (parent: TestUser) => (await expectOk(callApi('listLearners', { token: parent.accessToken }), 'list')).learners;

describe('learner logins', () => {
  it('links a child\'s own student account to their learner with the parent\'s code, however it is typed', async () => {
    const [{ parent, learnerId }, child] = await Promise.all([parentWithChild(), createUser('student')]);
    const made = await newCode(parent, learnerId);
    expect(made.status).toBe(201);
    expect(made.body.code).toMatch(/^[A-Z3-9]{8}$/);
    const hours = (Date.parse(made.body.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const typed = `${made.body.code.slice(0, 4).toLowerCase()}-${made.body.code.slice(4)}`;
    const joined = await join(child, typed);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ learner: { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-9' }, message: 'You have joined your family.' });
    expect(await learners(parent)).toEqual([expect.objectContaining({ id: learnerId, hasLogin: true })]);
    const me = await expectOk(callApi('getMe', { token: child.accessToken }), 'me');
    expect(me.profile).toMatchObject({ parentId: parent.userId, learnerId });
    // Used up: the code item is gone with the link.
    expect(await getItem(`PAIRING#${made.body.code}`, 'PAIRING')).toBeUndefined();
  });

  it('refuses a used, replaced or expired code, and a code for a learner that has a login', async () => {
    const [{ parent, learnerId }, child, sibling] = await Promise.all([parentWithChild(), createUser('student'), createUser('student')]);
    // A second code replaces the first: at most one live code per learner.
    const first = await expectOk(newCode(parent, learnerId), 'first');
    const second = await expectOk(newCode(parent, learnerId), 'second');
    const replaced = await join(child, first.code);
    expect(replaced.status).toBe(422);
    expect(replaced.error).toMatchObject({ code: 'pairing_code_invalid', message: 'This code is not valid or has expired. Ask your parent for a new one.' });

    // Expired: its 24 hours are over (the table's TTL may not have removed it yet).
    const third = await expectOk(newCode(parent, learnerId), 'third');
    expect((await join(child, second.code)).status).toBe(422);
    await setAttributes(`PAIRING#${third.code}`, 'PAIRING', { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect((await join(child, third.code)).status).toBe(422);

    const fourth = await expectOk(newCode(parent, learnerId), 'fourth');
    await expectOk(join(child, fourth.code), 'join');
    // Used once: nobody else can use it, in either language.
    const reused = await api('/api/me/household', { method: 'POST', token: sibling.accessToken, body: { code: fourth.code }, headers: { 'accept-language': 'sw' } });
    expect(reused.status).toBe(422);
    expect(reused.body.error.message).toBe('Msimbo huu si sahihi au umeisha muda. Mwombe mzazi wako msimbo mpya.');
    // And the learner, now linked, gets no new code.
    const linked = await newCode(parent, learnerId);
    expect(linked.status).toBe(409);
    expect(linked.error).toMatchObject({ code: 'learner_has_login', message: 'This child already has a login.' });
    expect((await callApi('getMe', { token: sibling.accessToken })).body.profile).not.toHaveProperty('parentId');
  });

  it('joins a user to one household only, and refuses what is not a code', async () => {
    const [{ parent, learnerId }, other, child] = await Promise.all([parentWithChild(), parentWithChild(), createUser('student')]);
    await expectOk(join(child, (await expectOk(newCode(parent, learnerId), 'code')).code), 'join');
    const otherCode = await expectOk(newCode(other.parent, other.learnerId), 'other code');
    const second = await join(child, otherCode.code);
    expect(second.status).toBe(409);
    expect(second.error).toMatchObject({ code: 'already_linked', message: 'Your account already belongs to a family.' });
    // Nothing of the refused link was written: the other household's code still works for its own child.
    expect((await learners(other.parent))[0]).toMatchObject({ hasLogin: false });
    const otherChild = await createUser('student');
    expect((await join(otherChild, otherCode.code)).status).toBe(200);

    const malformed = await join(child, 'ABC');
    expect(malformed.status).toBe(400);
    expect(malformed.error?.message).toBe('Enter the 8-character code your parent gave you');
    // A parent cannot join another household as a child; another parent cannot make codes for this one's child.
    expect((await join(other.parent, 'ABCDEFGH')).status).toBe(403);
    expect((await newCode(other.parent, learnerId)).status).toBe(404);
    expect((await callApi('unlinkLearnerLogin', { token: other.parent.accessToken, params: { learnerId } })).status).toBe(404);
  });

  it('keeps a linked learner from booking, paying (card or M-Pesa prompt) and cancelling until the parent unlinks the login', async () => {
    const [{ parent, learnerId }, child, tutor] = await Promise.all([parentWithChild(), createUser('student'), bookableTutor()]);
    const [start, later] = await freeStarts(tutor.userId);
    const lesson = { tutorId: tutor.userId, subject: 'Mathematics', durationMinutes: 60 as const };
    // The parent's own booking, which the child will try to pay for and cancel.
    const { booking } = await expectOk(callApi('createBooking', { token: parent.accessToken, body: { ...lesson, start: start! } }), 'parent books');
    await expectOk(join(child, (await expectOk(newCode(parent, learnerId), 'code')).code), 'join');

    const refusals = [
      await callApi('createBooking', { token: child.accessToken, body: { ...lesson, start: later! } }),
      await callApi('initializePayment', { token: child.accessToken, body: { bookingId: booking.id } }),
      await callApi('sendMpesaPrompt', { token: child.accessToken, body: { bookingId: booking.id, phone: '0712345678' } }),
      await callApi('cancelBooking', { token: child.accessToken, params: { bookingId: booking.id }, body: {} }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.error).toMatchObject({ code: 'ask_parent', message: 'Ask your parent to book and pay' });
    }
    const inSwahili = await api('/api/bookings', { method: 'POST', token: child.accessToken, body: { ...lesson, start: later }, headers: { 'accept-language': 'sw' } });
    expect(inSwahili.body.error.message).toBe('Mwombe mzazi wako aweke nafasi na alipe');
    expect((await callApi('getBooking', { token: parent.accessToken, params: { bookingId: booking.id } })).body.booking.status).not.toBe('cancelled');

    expect((await callApi('unlinkLearnerLogin', { token: parent.accessToken, params: { learnerId } })).status).toBe(204);
    expect(await learners(parent)).toEqual([expect.objectContaining({ hasLogin: false })]);
    expect((await callApi('getMe', { token: child.accessToken })).body.profile).not.toHaveProperty('learnerId');
    expect((await callApi('createBooking', { token: child.accessToken, body: { ...lesson, start: later! } })).status).toBe(201);
    expect((await callApi('unlinkLearnerLogin', { token: parent.accessToken, params: { learnerId } })).status).toBe(404);
  });

  it('removing a linked child deletes the child\'s own login with them: no profile, no sign-in; a login unlinked before stays', async () => {
    const [{ parent, learnerId }, child] = await Promise.all([parentWithChild(), createUser('student')]);
    await expectOk(join(child, (await expectOk(newCode(parent, learnerId), 'code')).code), 'join');
    expect((await callApi('removeLearner', { token: parent.accessToken, params: { learnerId } })).status).toBe(204);
    await eventually(async () => !(await getItem(`PRIVACY#${parent.userId}`, `DELETION#${learnerId}`)), 30_000);
    expect(await getItem(`USER#${child.userId}`, 'PROFILE')).toBeUndefined();
    await expect(signIn(child.email, child.password)).rejects.toThrow();
    expect(await getItem(`PRIVACYAUDIT#learner-${learnerId}`, 'AUDIT')).toMatchObject({ detail: expect.objectContaining({ loginAccount: 'deleted' }) });
    expect(await getItem(`PRIVACYAUDIT#account-${child.userId}`, 'AUDIT')).toMatchObject({ kind: 'account_deleted', detail: expect.objectContaining({ signIn: 'deleted' }) });
    expect(await getItem(`PRIVACY#${child.userId}`, 'DELETION#ACCOUNT')).toBeUndefined();

    // Unlinked first, the account is no longer the household's: removing the child leaves it.
    const [other, formerLogin] = await Promise.all([parentWithChild(), createUser('student')]);
    await expectOk(join(formerLogin, (await expectOk(newCode(other.parent, other.learnerId), 'code')).code), 'join');
    expect((await callApi('unlinkLearnerLogin', { token: other.parent.accessToken, params: { learnerId: other.learnerId } })).status).toBe(204);
    expect((await callApi('removeLearner', { token: other.parent.accessToken, params: { learnerId: other.learnerId } })).status).toBe(204);
    await eventually(async () => !(await getItem(`PRIVACY#${other.parent.userId}`, `DELETION#${other.learnerId}`)), 30_000);
    expect(await getItem(`USER#${formerLogin.userId}`, 'PROFILE')).toBeDefined();
    expect((await callApi('getMe', { token: formerLogin.accessToken })).status).toBe(200);
  });
});
