/**
 * Moderation against the emulators over HTTP: super admins list reported conversations (newest
 * report first, paged), read one (each read audited, nothing masked), close a report, and
 * suspend an account: Cognito disables the sign-in, and the user's sends and new conversations are
 * refused even with the token they already hold; reinstating undoes it. Everyone else gets 403.
 */
import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, cognito, createUser, eventually, expectOk, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts } from '../support/fixtures.js';

let admin: { accessToken: string; userId: string };
beforeAll(async () => {
  const { accessToken } = await signInDemoAdmin();
  admin = { accessToken, userId: (await expectOk(callApi('getMe', { token: accessToken }), 'me')).profile.id };
});

const clientId = () => randomUUID().replaceAll('-', '');
const send = (user: TestUser, conversationId: string, text: string) =>
  callApi('sendConversationMessage', { token: user.accessToken, params: { conversationId }, body: { clientId: clientId(), text } });

async function reportedPair(reason = 'The tutor asked for payment outside the platform'): Promise<{ family: TestUser; tutor: TestUser; conversationId: string }> {
  const [family, tutor] = await Promise.all([createUser('parent', { firstName: 'Akinyi' }), createUser('tutor', { firstName: 'Otieno' })]);
  const conversationId = (await expectOk(callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } }), 'start')).conversation.id;
  expect((await send(family, conversationId, 'Hello, can you teach Form 3 maths?')).status).toBe(201);
  expect((await send(tutor, conversationId, 'Yes. Pay me on M-Pesa 0712 345 678 instead')).status).toBe(201);
  expect((await callApi('reportConversation', { token: family.accessToken, params: { conversationId }, body: { reason } })).status).toBe(200);
  return { family, tutor, conversationId };
}

const reports = (query: { cursor?: string; limit?: number } = {}, token = admin.accessToken) => callApi('moderationReports', { token, query });
const readThread = (conversationId: string, token = admin.accessToken) => callApi('moderationThread', { token, params: { conversationId } });
const suspend = (userId: string, suspended: boolean, reason?: string, token = admin.accessToken) =>
  callApi('setUserSuspension', { token, params: { userId }, body: { suspended, ...(reason ? { reason } : {}) } });

async function allOpenReportIds(limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const body = await expectOk(reports({ limit, ...(cursor ? { cursor } : {}) }), 'reports');
    expect(body.reports.length).toBeLessThanOrEqual(limit);
    ids.push(...body.reports.map((r) => r.conversationId));
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

describe('reported conversations', () => {
  it('are listed for super admins, newest report first, a page at a time', async () => {
    const first = await reportedPair();
    const second = await reportedPair();
    const third = await reportedPair();
    const ids = await allOpenReportIds(2);
    expect(new Set(ids).size).toBe(ids.length);
    const mine = ids.filter((id) => [first, second, third].some((p) => p.conversationId === id));
    expect(mine).toEqual([third.conversationId, second.conversationId, first.conversationId]);

    const listed = (await expectOk(reports({ limit: 50 }), 'reports')).reports.find((r) => r.conversationId === third.conversationId);
    expect(listed).toMatchObject({
      open: true, family: { id: third.family.userId, name: 'Akinyi User', suspended: false }, tutor: { id: third.tutor.userId, name: 'Otieno User', suspended: false },
      reports: [{ side: 'family', reason: 'The tutor asked for payment outside the platform' }],
    });
  });

  it('are read as written, and every read is in the audit', async () => {
    const { family, conversationId } = await reportedPair();
    const read = await expectOk(readThread(conversationId), 'read');
    // The family saw the number hidden (no paid lesson); the moderator judges what was written.
    expect(read.messages.map((m) => [m.side, m.text])).toEqual([
      ['family', 'Hello, can you teach Form 3 maths?'],
      ['tutor', 'Yes. Pay me on M-Pesa 0712 345 678 instead'],
    ]);
    await expectOk(readThread(conversationId), 'read again');
    const audit = (await expectOk(callApi('adminPrivacyAudit', { token: admin.accessToken }), 'audit')).entries
      .filter((e) => e.kind === 'admin_read_conversation' && e.detail.conversationId === conversationId);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: admin.userId, subjectUserId: family.userId, detail: { messages: 2 } });
  });

  it('a conversation nobody reported is not opened: 404, nothing audited', async () => {
    const [family, tutor] = await Promise.all([createUser('parent'), createUser('tutor')]);
    const conversationId = (await expectOk(callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } }), 'start')).conversation.id;
    expect((await readThread(conversationId)).status).toBe(404);
    const audit = (await expectOk(callApi('adminPrivacyAudit', { token: admin.accessToken }), 'audit')).entries;
    expect(audit.some((e) => e.detail.conversationId === conversationId)).toBe(false);
  });

  it('a closed report leaves the list; closing again is 409; either side may report again', async () => {
    const { family, conversationId } = await reportedPair();
    expect((await callApi('closeModerationReport', { token: admin.accessToken, params: { conversationId } })).status).toBe(200);
    expect(await allOpenReportIds(50)).not.toContain(conversationId);
    expect((await callApi('closeModerationReport', { token: admin.accessToken, params: { conversationId } })).status).toBe(409);
    expect((await callApi('reportConversation', { token: family.accessToken, params: { conversationId }, body: { reason: 'It happened again' } })).status).toBe(200);
    const listed = (await expectOk(reports({ limit: 50 }), 'reports')).reports.find((r) => r.conversationId === conversationId);
    expect(listed?.reports.map((r) => r.reason)).toEqual(['The tutor asked for payment outside the platform', 'It happened again']);
  });

  it('are for super admins only', async () => {
    const { family, tutor, conversationId } = await reportedPair();
    for (const user of [family, tutor]) {
      expect((await reports({}, user.accessToken)).status).toBe(403);
      expect((await readThread(conversationId, user.accessToken)).status).toBe(403);
      expect((await callApi('closeModerationReport', { token: user.accessToken, params: { conversationId } })).status).toBe(403);
      expect((await suspend(tutor.userId, true, 'Asked for money', user.accessToken)).status).toBe(403);
    }
    expect((await reports({}, '')).status).toBe(401);
  });
});

describe('suspending an account', () => {
  it('disables the sign-in, refuses sends and new conversations with the token held, audits; reinstating undoes it', async () => {
    const { family, tutor, conversationId } = await reportedPair();
    const answer = await suspend(tutor.userId, true, 'Asked a family to pay outside the platform');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ userId: tutor.userId, suspended: true });
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: stack().resources.userPoolId, Username: tutor.email }));
    expect(user.Enabled).toBe(false);

    // The tutor's access token is still valid: the send is refused by the profile's mark.
    const refused = await send(tutor, conversationId, 'Are you there?');
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'account_suspended', message: 'Your account is suspended, so you cannot send messages. Please contact support.' });
    expect((await reports({ limit: 50 })).body.reports.find((r) => r.conversationId === conversationId)?.tutor.suspended).toBe(true);
    // The other side still writes (and reads) as before.
    expect((await send(family, conversationId, 'I reported this.')).status).toBe(201);

    // A retry changes nothing and records nothing new.
    expect((await suspend(tutor.userId, true, 'Asked a family to pay outside the platform')).status).toBe(200);
    const audits = () => expectOk(callApi('adminPrivacyAudit', { token: admin.accessToken }), 'audit')
      .then((a) => a.entries.filter((e) => e.subjectUserId === tutor.userId));
    expect((await audits()).map((e) => [e.kind, e.actorId, e.detail.reason])).toEqual([
      ['user_suspended', admin.userId, 'Asked a family to pay outside the platform'],
    ]);

    expect((await suspend(tutor.userId, false)).body).toMatchObject({ suspended: false });
    expect((await send(tutor, conversationId, 'Sorry about that.')).status).toBe(201);
    const again = await cognito().send(new AdminGetUserCommand({ UserPoolId: stack().resources.userPoolId, Username: tutor.email }));
    expect(again.Enabled).toBe(true);
    expect((await audits()).map((e) => e.kind)).toEqual(['user_unsuspended', 'user_suspended']);
  });

  it('a suspended family cannot start a conversation', async () => {
    const [family, tutor] = await Promise.all([createUser('parent'), createUser('tutor')]);
    expect((await suspend(family.userId, true, 'Abusive messages')).status).toBe(200);
    const started = await callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } });
    expect(started.status).toBe(403);
    expect(started.error?.code).toBe('account_suspended');
  });

  it('takes a tutor out of browse and booking while suspended, and back when reinstated; a suspended family cannot book', async () => {
    const name = `Wekesa${randomUUID().slice(0, 6)}`;
    const tutor = await bookableTutor({ firstName: name });
    const student = await createUser('student');
    const listed = async () => (await expectOk(callApi('browseTutors', { query: { q: name } }), 'browse')).tutors.some((t) => t.id === tutor.userId);
    await eventually(listed, 30_000);
    const [start] = await freeStarts(tutor.userId);

    expect((await suspend(tutor.userId, true, 'Asked a family to pay outside the platform')).status).toBe(200);
    expect(await listed()).toBe(false);
    const refused = await book(student, tutor.userId, start!);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'tutor_suspended', message: 'This tutor is not taking bookings at the moment.' });

    expect((await suspend(tutor.userId, false)).status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await suspend(student.userId, true, 'Abusive messages')).status).toBe(200);
    const own = await book(student, tutor.userId, start!);
    expect(own.status).toBe(403);
    expect(own.body.error?.code).toBe('account_suspended');
    expect((await suspend(student.userId, false)).status).toBe(200);
    expect((await book(student, tutor.userId, start!)).status).toBe(201);
  });

  it('needs a reason; a super admin or an unknown user cannot be suspended', async () => {
    const tutor = await createUser('tutor');
    expect((await suspend(tutor.userId, true)).status).toBe(400);
    expect((await suspend(admin.userId, true, 'Testing')).status).toBe(422);
    expect((await suspend(randomUUID(), true, 'Testing')).status).toBe(404);
  });
});
