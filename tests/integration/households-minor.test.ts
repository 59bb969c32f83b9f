/**
 * A student under 18 who signs up alone, against the emulators over HTTP: the account cannot book
 * or pay until a parent approves the link e-mailed to them; approving makes the student a learner
 * of that parent's household (the parent then books and pays for them), once however often it is
 * clicked; a wrong, used or expired link changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import {
  api, callApi, cognito, createUser, eventually, expectOk, sentEmails, signIn, stack, uniqueEmail, type TestUser,
} from '../support/api.js';
import { bookableTutor, book, freeStarts, getItem, setAttributes } from '../support/fixtures.js';
import { nairobiYear } from '../../functions/households/minor-rules.js';

const WAITING = "Waiting for your parent's approval. Until then you can browse tutors and courses, but not book, pay or chat with tutors.";

async function minorSignsUp(age: number, extra: Record<string, unknown> = {}): Promise<TestUser & { parentEmail: string }> {
  const email = uniqueEmail('minor');
  const parentEmail = uniqueEmail('mum');
  const password = 'secret-pass-1';
  const signedUp = await expectOk(callApi('signUp', {
    body: { accountType: 'student', firstName: 'Baraka', lastName: 'Otieno', email, password, birthYear: nairobiYear(new Date()) - age, parentEmail, ...extra },
  }), 'sign-up');
  expect(signedUp.waitingForParent).toBe(true);
  await cognito().send(new ConfirmSignUpCommand({ ClientId: stack().resources.userPoolClientId, Username: email, ConfirmationCode: '123456' }));
  return { email, password, userId: signedUp.userId, parentEmail, ...(await signIn(email, password)) };
}

/** The link's token, from the e-mail the parent received (the emulator's SES). */
async function tokenMailedTo(parentEmail: string, after = 0): Promise<string> {
  const mails = await eventually(async () => {
    const found = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(parentEmail));
    return found.length > after ? found : null;
  }, 20_000);
  const token = /\/parent-approval#([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.body)?.[1];
  if (!token) throw new Error(`no link in ${mails.at(-1)!.body}`);
  return token;
}

const approve = (parent: TestUser, token: string) =>
  callApi('approveParentApproval', { token: parent.accessToken, body: { token, curriculum: '8-4-4', grade: '844-form-2' } });

describe('a solo sign-up under 18', () => {
  it('cannot book or pay until the parent approves the e-mailed link; then it is their learner, once, whatever is replayed', async () => {
    const [child, parent, tutor] = await Promise.all([minorSignsUp(15), createUser('parent'), bookableTutor()]);
    const [start, later] = await freeStarts(tutor.userId);
    const me = await expectOk(callApi('getMe', { token: child.accessToken }), 'me');
    expect(me.profile).toMatchObject({ parentApproval: 'pending', birthYear: nairobiYear(new Date()) - 15 });

    // The parent's own booking, which the child tries to pay for.
    const { booking } = await expectOk(callApi('createBooking', {
      token: parent.accessToken, body: { tutorId: tutor.userId, subject: 'Mathematics', durationMinutes: 60, start: start! },
    }), 'parent books');
    for (const refused of [
      await book(child, tutor.userId, later!),
      await api('/api/payments/initialize', { method: 'POST', token: child.accessToken, body: { bookingId: booking.id } }),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'parent_approval_pending', message: WAITING });
    }
    const inSwahili = await api('/api/bookings', {
      method: 'POST', token: child.accessToken, body: { tutorId: tutor.userId, subject: 'Mathematics', durationMinutes: 60, start: later }, headers: { 'accept-language': 'sw' },
    });
    expect(inSwahili.body.error.message).toMatch(/^Inasubiri idhini ya mzazi wako/);

    const token = await tokenMailedTo(child.parentEmail);
    // Stored only as its hash.
    expect(await getItem(`APPROVALTOKEN#${token}`, 'APPROVALTOKEN')).toBeUndefined();
    const viewed = await expectOk(callApi('viewParentApproval', { body: { token } }), 'view');
    expect(viewed.student).toEqual({ firstName: 'Baraka', lastName: 'Otieno' });

    // Another parent with a made-up token: nothing.
    const stranger = await createUser('parent');
    const wrong = await approve(stranger, randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(404);

    // A double click: both answer the same learner, one learner and one consent are written.
    const [first, second] = await Promise.all([approve(parent, token), approve(parent, token)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.learnerId).toBe(first.body.learnerId);
    const replay = await approve(parent, token);
    expect(replay.status).toBe(200);
    expect(replay.body.learnerId).toBe(first.body.learnerId);

    const { learners } = await expectOk(callApi('listLearners', { token: parent.accessToken }), 'learners');
    expect(learners).toEqual([expect.objectContaining({ id: first.body.learnerId, firstName: 'Baraka', grade: '844-form-2', hasLogin: true })]);
    const { consents } = await expectOk(callApi('listConsents', { token: parent.accessToken }), 'consents');
    expect(consents).toEqual([expect.objectContaining({ learnerId: first.body.learnerId, parentId: parent.userId, method: 'approved-link', policyVersion: 'v1' })]);
    expect((await getItem(`HOUSEHOLD#${parent.userId}`, 'HOUSEHOLD'))?.learnerCount).toBe(1);

    // The used link, for anyone else: used.
    const late = await approve(stranger, token);
    expect(late.status).toBe(410);
    expect(late.error).toMatchObject({ code: 'approval_link_used' });
    expect((await callApi('declineParentApproval', { body: { token } })).status).toBe(410);

    // The limit is lifted: the child is the parent's learner, and the parent books and pays for them.
    const after = await expectOk(callApi('getMe', { token: child.accessToken }), 'me after');
    expect(after.profile.parentApproval).toBeUndefined();
    expect(after.profile).toMatchObject({ parentId: parent.userId, learnerId: first.body.learnerId });
    const forChild = await book(parent, tutor.userId, later!, 60, { learnerId: first.body.learnerId });
    expect(forChild.status).toBe(201);
    const paying = await callApi('initializePayment', { token: parent.accessToken, body: { bookingId: forChild.body.booking.id } });
    expect(paying.status).toBe(200);
    expect((await book(child, tutor.userId, later!)).body.error.code).toBe('ask_parent');
  });

  it('refuses an expired link and a declined one, and the student can send a new link that works', async () => {
    const [child, parent] = await Promise.all([minorSignsUp(14, { parentPhone: '0712 345 678', language: 'sw' }), createUser('parent')]);
    const token = await tokenMailedTo(child.parentEmail);
    const mail = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(child.parentEmail)).at(-1)!;
    expect(mail.subject).toBe('Baraka Otieno anakuomba uidhinishe akaunti yake');

    await setAttributes(`PARENTAPPROVAL#${child.userId}`, 'PARENTAPPROVAL', { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const expired = await approve(parent, token);
    expect(expired.status).toBe(410);
    expect(expired.error).toMatchObject({ code: 'approval_link_expired', message: 'This approval link has expired. Ask your child to send a new one.' });
    expect((await expectOk(callApi('getMe', { token: child.accessToken }), 'me')).profile.parentApproval).toBe('pending');

    // A new link replaces the old; declining it leaves the account limited.
    expect((await callApi('resendParentApproval', { token: child.accessToken })).status).toBe(200);
    const fresh = await tokenMailedTo(child.parentEmail, 1);
    expect(fresh).not.toBe(token);
    expect((await approve(parent, token)).status).toBe(404);
    expect((await expectOk(callApi('declineParentApproval', { body: { token: fresh } }), 'decline')).message).toBe('You declined. The account stays limited.');
    expect((await approve(parent, fresh)).status).toBe(410);
    expect((await expectOk(callApi('getMe', { token: child.accessToken }), 'me')).profile.parentApproval).toBe('pending');

    // Asking again after a decline: the next link approves.
    expect((await callApi('resendParentApproval', { token: child.accessToken })).status).toBe(200);
    const third = await tokenMailedTo(child.parentEmail, 2);
    expect((await approve(parent, third)).status).toBe(200);
    expect((await callApi('resendParentApproval', { token: child.accessToken })).status).toBe(409);
  });

  it('asks an adult for nothing more, and a student under 18 for a parent\'s e-mail', async () => {
    const year = nairobiYear(new Date());
    const base = { accountType: 'student', firstName: 'Wanjiru', lastName: 'Kamau', password: 'secret-pass-1' } as const;
    const adult = await expectOk(callApi('signUp', { body: { ...base, email: uniqueEmail('adult'), birthYear: year - 19 } }), 'adult');
    expect(adult.waitingForParent).toBeUndefined();
    const noParent = await callApi('signUp', { body: { ...base, email: uniqueEmail('minor'), birthYear: year - 15 } });
    expect(noParent.status).toBe(400);
    expect(JSON.stringify(noParent.body)).toContain("Under 18, please enter your parent's e-mail address");
    const tooYoung = await callApi('signUp', { body: { ...base, email: uniqueEmail('minor'), birthYear: year - 2, parentEmail: uniqueEmail('p') } });
    expect(tooYoung.status).toBe(400);
  });
});
