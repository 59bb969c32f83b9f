/**
 * A message still unread 10 minutes after it was sent goes to its recipient by the channel they
 * chose (e-mail by default, SMS through the Africa's Talking sandbox), in their language, once per
 * conversation and hour: the every-minute conversation-unread job against the
 * emulators, run at the minute the message came due.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LearnerDetailsInput } from '../../functions/households/contract.js';
import { unreadDueMinute, unreadHour } from '../../functions/conversations/unread-rules.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { callApi, createUser, expectOk, sentEmails, stack, type TestUser } from '../support/api.js';
import { giveVerifiedPhone, table } from '../support/fixtures.js';
import { runJobAt } from '../support/jobs.js';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';

const send = async (user: TestUser, conversationId: string, text: string) =>
  (await expectOk(callApi('sendConversationMessage', { token: user.accessToken, params: { conversationId }, body: { clientId: randomUUID().replaceAll('-', ''), text } }), 'send')).sent;
const start = async (user: TestUser, tutorId: string) =>
  (await expectOk(callApi('startConversation', { token: user.accessToken, body: { tutorId } }), 'start')).conversation;
/** The unread-message e-mails a user received (not their welcome e-mail). */
const emailsTo = async (user: TestUser) => (await sentEmails())
  .filter((m) => m.destinations.ToAddresses.includes(user.email) && /New message from|Ujumbe mpya/.test(m.subject));

/** Runs the job at the minute `sentAt` came due, reading that minute whatever earlier tests ran. */
async function runWhenDue(sentAt: string): Promise<Record<string, number>> {
  const { doc, name } = table();
  await doc.send(new DeleteCommand({ TableName: name, Key: { pk: 'JOBCURSOR#conversation-unread', sk: 'JOBCURSOR' } }));
  return runJobAt('conversation-unread', new Date(`${unreadDueMinute(sentAt)}:30.000Z`));
}

describe('the conversation-unread job', () => {
  it('e-mails an unread message once, in the recipient\'s language, with the text cut and the link to the thread', async () => {
    const [family, tutor] = await Promise.all([createUser('parent', { firstName: 'Wanjiru' }), createUser('tutor')]);
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { language: 'sw' } }), 'language');
    const conversation = await start(family, tutor.userId);
    const long = `Can you help my son with KCSE Chemistry, organic chemistry? ${'Evenings only please. '.repeat(10)}`;
    const sent = await send(family, conversation.id, long);

    await runWhenDue(sent.sentAt);
    await runWhenDue(sent.sentAt);

    const emails = await emailsTo(tutor);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain('Ujumbe mpya kutoka kwa Wanjiru');
    expect(emails[0]!.body).toContain('Can you help my son with KCSE Chemistry');
    expect(emails[0]!.body).not.toContain(long.trim());
    expect(emails[0]!.body).toContain(`/messages?c=${conversation.id}`);
  });

  it('sends nothing for a message read within 10 minutes', async () => {
    const [family, tutor] = await Promise.all([createUser('parent'), createUser('tutor')]);
    const conversation = await start(family, tutor.userId);
    const sent = await send(family, conversation.id, 'Are you free on Saturday?');
    await expectOk(callApi('markConversationRead', { token: tutor.accessToken, params: { conversationId: conversation.id } }), 'read');

    await runWhenDue(sent.sentAt);
    expect(await emailsTo(tutor)).toEqual([]);
  });

  it('two unread messages in the same hour send one e-mail', async () => {
    const [family, tutor] = await Promise.all([createUser('parent'), createUser('tutor')]);
    const conversation = await start(family, tutor.userId);
    const first = await send(tutor, conversation.id, 'Hello, I teach Mathematics.');
    const second = await send(tutor, conversation.id, 'I am free on Saturday mornings.');

    await runWhenDue(first.sentAt);
    await runWhenDue(second.sentAt);
    const emails = await emailsTo(family);
    // Sent milliseconds apart; only a pair astride an hour's edge (due minute hh:59 / hh+1:00) may rightly give two.
    const sameHour = unreadHour(unreadDueMinute(first.sentAt)) === unreadHour(unreadDueMinute(second.sentAt));
    expect(emails).toHaveLength(sameHour ? 1 : 2);
    expect(emails[0]!.subject).toContain('New message from');
  });

  it('a linked learner\'s conversation goes to the parent', async () => {
    const [parent, child, tutor] = await Promise.all([createUser('parent', { firstName: 'Mama' }), createUser('student'), createUser('tutor', { firstName: 'Otieno' })]);
    const amani: LearnerDetailsInput = { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-9', subjects: ['Mathematics'] };
    const { learner } = await expectOk(callApi('addLearner', { token: parent.accessToken, body: amani }), 'add');
    const { code } = await expectOk(callApi('createPairingCode', { token: parent.accessToken, params: { learnerId: learner.id } }), 'code');
    await expectOk(callApi('joinHousehold', { token: child.accessToken, body: { code } }), 'join');
    const conversation = await start(child, tutor.userId);
    const sent = await send(tutor, conversation.id, 'Please bring your homework.');

    await runWhenDue(sent.sentAt);
    const emails = await emailsTo(parent);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain('Otieno');
    expect(await emailsTo(child)).toEqual([]);
  });

  it('goes by SMS to a recipient who chose it, once, with the link to the thread, and then not by e-mail', async () => {
    const [family, tutor] = await Promise.all([createUser('parent', { firstName: 'Wanjiru' }), createUser('tutor')]);
    const phone = await giveVerifiedPhone(tutor.userId);
    await expectOk(callApi('putNotificationPreferences', { token: tutor.accessToken, body: { conversationUnread: 'sms' } }), 'preferences');
    const conversation = await start(family, tutor.userId);
    const sent = await send(family, conversation.id, 'Can you help my son with KCSE Chemistry? Evenings only.');

    await runWhenDue(sent.sentAt);
    await runWhenDue(sent.sentAt);

    const sms = await (await fetch(`${stack().sandboxUrls.africastalking}/__sandbox/messages?to=%2B${phone}`)).json() as SandboxSms[];
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('Wanjiru');
    expect(sms[0]!.text).toContain('Can you help my son');
    expect(sms[0]!.text).toContain(`/messages?c=${conversation.id}`);
    expect(sms[0]!.text.length).toBeLessThanOrEqual(160);
    expect(await emailsTo(tutor)).toEqual([]);
  });
});

