/**
 * Conversations against the emulators over HTTP: a family and a tutor exchange messages (lists,
 * unread counts, read receipts, the inbox's ETag), a stranger is answered "not found", a resend
 * with the same client id stores one message, contact details are hidden until the pair's first
 * paid lesson, a block refuses sending, a parent sees the conversation their linked learner
 * started, and the per-user limits answer 429 with Retry-After.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { windowOf } from '../../functions/shared/rate-limit.js';
import type { LearnerDetailsInput } from '../../functions/households/contract.js';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { api, callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { bookableTutor, paidLesson, setAttributes, table } from '../support/fixtures.js';

const clientId = () => randomUUID().replaceAll('-', '');
const start = (user: TestUser, body: { tutorId: string } | { bookingId: string }) => callApi('startConversation', { token: user.accessToken, body });
const send = (user: TestUser, conversationId: string, text: string, id = clientId()) =>
  callApi('sendConversationMessage', { token: user.accessToken, params: { conversationId }, body: { clientId: id, text } });
const threadOf = (user: TestUser, conversationId: string) =>
  expectOk(callApi('getConversationThread', { token: user.accessToken, params: { conversationId } }), 'thread');
const listOf = async (user: TestUser) => (await expectOk(callApi('listInboxConversations', { token: user.accessToken }), 'list')).conversations;
const inbox = (user: TestUser, etag?: string) => api('/api/me/inbox', { token: user.accessToken, headers: etag ? { 'if-none-match': etag } : {} });

async function pair(): Promise<{ family: TestUser; tutor: TestUser; conversationId: string }> {
  const [family, tutor] = await Promise.all([createUser('parent', { firstName: 'Wanjiru' }), createUser('tutor', { firstName: 'Juma' })]);
  const started = await start(family, { tutorId: tutor.userId });
  expect(started.status).toBe(201);
  return { family, tutor, conversationId: started.body.conversation.id };
}

describe('a family and a tutor talk', () => {
  it('exchange messages: lists newest first, unread counts, read receipts and the inbox ETag', async () => {
    const { family, tutor, conversationId } = await pair();
    // The same pair opens the same conversation, whoever asks again.
    const again = await start(family, { tutorId: tutor.userId });
    expect(again.status).toBe(200);
    expect(again.body.conversation).toMatchObject({ id: conversationId, side: 'family', tutor: { id: tutor.userId, name: 'Juma User' }, unread: 0 });

    const before = await inbox(tutor);
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag')!;
    expect((await inbox(tutor, etag)).status).toBe(304);

    const sent = await send(family, conversationId, 'Can you help my son with KCSE Chemistry? Evenings only');
    expect(sent.status).toBe(201);
    expect(sent.body.sent).toMatchObject({ mine: true, side: 'family', masked: false });

    const changed = await inbox(tutor, etag);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ unread: 1 });
    const [listed] = await listOf(tutor);
    expect(listed).toMatchObject({ id: conversationId, side: 'tutor', family: { name: 'Wanjiru User' }, unread: 1, preview: 'Can you help my son with KCSE Chemistry? Evenings only' });

    const read = await threadOf(tutor, conversationId);
    expect(read.messages).toEqual([expect.objectContaining({ mine: false, text: 'Can you help my son with KCSE Chemistry? Evenings only' })]);
    expect((await callApi('markConversationRead', { token: tutor.accessToken, params: { conversationId } })).status).toBe(204);
    expect((await inbox(tutor)).body).toMatchObject({ unread: 0 });
    // The family sees their message as read.
    const familyView = await threadOf(family, conversationId);
    expect(Date.parse(familyView.conversation.otherReadAt!)).toBeGreaterThanOrEqual(Date.parse(sent.body.sent.sentAt));

    await expectOk(send(tutor, conversationId, 'Yes, Tuesdays and Thursdays at 19:00 work for me.'), 'reply');
    expect((await inbox(family)).body).toMatchObject({ unread: 1 });
    expect((await threadOf(family, conversationId)).messages.map((m) => [m.side, m.mine])).toEqual([['family', true], ['tutor', false]]);
  });

  it('pages the thread backwards and the list newest first', async () => {
    const { family, tutor, conversationId } = await pair();
    for (let i = 1; i <= 5; i++) await expectOk(send(family, conversationId, `Message ${i}`), `send ${i}`);
    const newest = await expectOk(callApi('getConversationThread', { token: tutor.accessToken, params: { conversationId }, query: { limit: 3 } }), 'page 1');
    expect(newest.messages.map((m) => m.text)).toEqual(['Message 3', 'Message 4', 'Message 5']);
    const older = await expectOk(callApi('getConversationThread', {
      token: tutor.accessToken, params: { conversationId }, query: { limit: 3, before: newest.olderCursor! },
    }), 'page 2');
    expect(older.messages.map((m) => m.text)).toEqual(['Message 1', 'Message 2']);
    expect(older.olderCursor).toBeUndefined();

    const other = await createUser('tutor');
    const second = await expectOk(start(family, { tutorId: other.userId }), 'second');
    const firstPage = await expectOk(callApi('listInboxConversations', { token: family.accessToken, query: { limit: 1 } }), 'list 1');
    expect(firstPage.conversations.map((c) => c.id)).toEqual([second.conversation.id]);
    const nextPage = await expectOk(callApi('listInboxConversations', { token: family.accessToken, query: { limit: 1, cursor: firstPage.nextCursor! } }), 'list 2');
    expect(nextPage.conversations.map((c) => c.id)).toEqual([conversationId]);
  });

  it('answers a stranger "not found" on another pair\'s conversation', async () => {
    const { conversationId } = await pair();
    for (const stranger of [await createUser('parent'), await createUser('tutor'), await createUser('student')]) {
      expect((await callApi('getConversationThread', { token: stranger.accessToken, params: { conversationId } })).status).toBe(404);
      expect((await send(stranger, conversationId, 'hello')).status).toBe(404);
      expect((await callApi('markConversationRead', { token: stranger.accessToken, params: { conversationId } })).status).toBe(404);
      expect((await callApi('blockConversation', { token: stranger.accessToken, params: { conversationId }, body: { blocked: true } })).status).toBe(404);
      expect(await listOf(stranger)).toEqual([]);
    }
  });

  it('stores one message for 10 concurrent sends with the same client id', async () => {
    const { family, tutor, conversationId } = await pair();
    const id = clientId();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(family, conversationId, 'Running 5 minutes late', id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.sent.id)).size).toBe(1);
    expect((await threadOf(tutor, conversationId)).messages).toHaveLength(1);
    expect((await inbox(tutor)).body).toMatchObject({ unread: 1 });
  });

  it('refuses a message over 2,000 characters and one with a broken character', async () => {
    const { family, conversationId } = await pair();
    expect((await send(family, conversationId, 'x'.repeat(2001))).error).toMatchObject({ message: 'A message has at most 2000 characters' });
    expect((await send(family, conversationId, 'bad \ud800')).status).toBe(400);
    expect((await send(family, conversationId, '   ')).error).toMatchObject({ message: 'Write a message' });
  });
});

describe('safety', () => {
  it('hides contact details until the pair has a paid lesson, then shows them', async () => {
    const [student, tutor] = await Promise.all([createUser('student'), bookableTutor()]);
    const { conversation } = await expectOk(start(student, { tutorId: tutor.userId }), 'start');
    const sent = await send(student, conversation.id, 'Call me on 0712 345 678 or mail me@example.com; KSh 2,500 at 17:00 is fine');
    expect(sent.body).toMatchObject({ sent: { masked: true }, message: 'Contact details are shared after the first paid lesson' });
    const hidden = (await threadOf(tutor, conversation.id)).messages[0]!;
    expect(hidden).toMatchObject({ masked: true, text: 'Call me on ••• or mail •••; KSh 2,500 at 17:00 is fine' });
    expect((await listOf(tutor))[0]!.preview).not.toContain('0712');
    const swahili = await api(`/api/conversations/${conversation.id}/messages`, {
      method: 'POST', token: student.accessToken, headers: { 'accept-language': 'sw' }, body: { clientId: clientId(), text: 'wa.me/254712345678' },
    });
    expect(swahili.body.message).toBe('Maelezo ya mawasiliano hutolewa baada ya somo la kwanza lililolipiwa');

    await paidLesson({ tutor, student });
    const shown = await threadOf(tutor, conversation.id);
    expect(shown.conversation.contactsShared).toBe(true);
    expect(shown.messages[0]).toMatchObject({ masked: false, text: 'Call me on 0712 345 678 or mail me@example.com; KSh 2,500 at 17:00 is fine' });
    expect((await send(tutor, conversation.id, 'My number is +254 722 000 111')).body).toMatchObject({ sent: { masked: false, text: 'My number is +254 722 000 111' } });
  });

  it('opens the conversation from a booking, for the tutor too', async () => {
    const { tutor, student, booking } = await paidLesson();
    const fromTutor = await start(tutor, { bookingId: booking.id });
    expect(fromTutor.status).toBe(201);
    expect(fromTutor.body.conversation).toMatchObject({ side: 'tutor', contactsShared: true });
    const fromStudent = await start(student, { bookingId: booking.id });
    expect(fromStudent.body.conversation.id).toBe(fromTutor.body.conversation.id);
    expect((await start(await createUser('tutor'), { bookingId: booking.id })).status).toBe(404);
    expect((await start(await createUser('tutor'), { tutorId: tutor.userId })).status).toBe(403);
  });

  it('refuses a blocked sender, until unblocked; a report is taken once per side', async () => {
    const { family, tutor, conversationId } = await pair();
    const blocked = await callApi('blockConversation', { token: tutor.accessToken, params: { conversationId }, body: { blocked: true } });
    expect(blocked.body.conversation).toMatchObject({ blockedByMe: true, blockedByThem: false });
    const refused = await send(family, conversationId, 'Hello?');
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ message: 'You cannot send messages in this conversation any more.' });
    expect((await send(tutor, conversationId, 'Hi')).error).toMatchObject({ message: 'You blocked this conversation. Unblock it to send messages.' });
    expect((await threadOf(family, conversationId)).conversation.blockedByThem).toBe(true);
    await expectOk(callApi('blockConversation', { token: tutor.accessToken, params: { conversationId }, body: { blocked: false } }), 'unblock');
    expect((await send(family, conversationId, 'Hello?')).status).toBe(201);

    const reported = await callApi('reportConversation', { token: family.accessToken, params: { conversationId }, body: { reason: 'Asked me to pay outside the platform' } });
    expect(reported.status).toBe(200);
    expect((await callApi('reportConversation', { token: family.accessToken, params: { conversationId }, body: { reason: 'Again' } })).status).toBe(409);
    expect((await callApi('reportConversation', { token: tutor.accessToken, params: { conversationId }, body: { reason: 'Rude messages' } })).status).toBe(200);
  });

  it('answers 429 with Retry-After past 30 messages a minute and 20 new conversations a day', async () => {
    const { family, tutor, conversationId } = await pair();
    const now = new Date();
    const minute = windowOf(60, now);
    // Fill the current windows as 30 messages and 20 starts would have (a window about to end is waited out).
    if (minute.end - now.getTime() / 1000 < 5) await new Promise((r) => setTimeout(r, 6_000));
    const fill = (group: string, windowSeconds: number, count: number) => table().doc.send(new PutCommand({
      TableName: table().name,
      Item: { pk: `RATE#${group}#user:${family.userId}`, sk: `WINDOW#${windowOf(windowSeconds, new Date()).start}`, count, expiresAt: Math.floor(Date.now() / 1000) + 2 * windowSeconds },
    }));
    await fill('conversation-messages', 60, 30);
    const limited = await send(family, conversationId, 'One more');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    await fill('conversations-new', 86_400, 20);
    const tooMany = await start(family, { tutorId: (await createUser('tutor')).userId });
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    // Opening a conversation the pair already has is not a new one.
    expect((await start(family, { tutorId: tutor.userId })).status).toBe(200);
  });
});

describe('response time', () => {
  const figures = async (tutor: TestUser) => (await expectOk(callApi('getTutor', { params: { tutorId: tutor.userId } }), 'profile')).figures;

  it('is the median of the tutor\'s first replies, kept as they arrive; nothing without any', async () => {
    const tutor = await createUser('tutor');
    expect((await figures(tutor))?.replyHours).toBeUndefined();
    const waits = [30, 150, 400]; // minutes until the first reply: median 150 → "within 3 hours"
    for (const minutes of waits) {
      const family = await createUser('parent');
      const { conversation } = await expectOk(start(family, { tutorId: tutor.userId }), 'start');
      await expectOk(send(family, conversation.id, 'Hello, are you free on Saturdays?'), 'ask');
      await setAttributes(`CONV#${conversation.id}`, 'CONV', { awaitingReplySince: new Date(Date.now() - minutes * 60_000).toISOString() });
      await expectOk(send(tutor, conversation.id, 'Yes I am'), 'reply');
      // Later messages are not first replies.
      await expectOk(send(family, conversation.id, 'Great'), 'again');
      await expectOk(send(tutor, conversation.id, 'See you then'), 'again');
    }
    expect((await figures(tutor))?.replyHours).toBe(3);
  });

  it('counts nothing when the tutor wrote first', async () => {
    const { tutor, student, booking } = await paidLesson();
    const { conversation } = await expectOk(start(tutor, { bookingId: booking.id }), 'start');
    await expectOk(send(tutor, conversation.id, 'Please bring your past papers'), 'tutor first');
    await expectOk(send(student, conversation.id, 'Sure'), 'answer');
    await expectOk(send(tutor, conversation.id, 'Thanks'), 'tutor again');
    expect((await figures(tutor))?.replyHours).toBeUndefined();
  });
});

describe('households', () => {
  const amani: LearnerDetailsInput = { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-9', subjects: ['Mathematics'] };

  it('a parent sees and answers the conversation their linked learner started', async () => {
    const [parent, child, tutor] = await Promise.all([createUser('parent', { firstName: 'Mama' }), createUser('student'), createUser('tutor')]);
    const { learner } = await expectOk(callApi('addLearner', { token: parent.accessToken, body: amani }), 'add');
    const { code } = await expectOk(callApi('createPairingCode', { token: parent.accessToken, params: { learnerId: learner.id } }), 'code');
    await expectOk(callApi('joinHousehold', { token: child.accessToken, body: { code } }), 'join');

    const { conversation } = await expectOk(start(child, { tutorId: tutor.userId }), 'start');
    await expectOk(send(child, conversation.id, 'I need help with fractions'), 'send');
    await expectOk(send(tutor, conversation.id, 'Happy to help'), 'reply');

    const [listed] = await listOf(parent);
    expect(listed).toMatchObject({ id: conversation.id, side: 'family', family: { name: 'Mama User' }, unread: 1 });
    expect((await threadOf(parent, conversation.id)).messages.map((m) => m.text)).toEqual(['I need help with fractions', 'Happy to help']);
    // The parent's own start with that tutor is the same conversation.
    expect((await expectOk(start(parent, { tutorId: tutor.userId }), 'parent start')).conversation.id).toBe(conversation.id);
  });
});
