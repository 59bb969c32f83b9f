/**
 * A tutor who lives on SMS, reading the app in Kiswahili on a phone, chooses SMS for messages left
 * unread on the Notifications page; the next message a family leaves unread for 10 minutes
 * reaches the tutor's phone (the Africa's Talking sandbox's inbox), not the e-mail.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { unreadDueMinute } from '../../functions/conversations/unread-rules.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { callApi, createUser, expectOk, sentEmails, stack } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { giveVerifiedPhone, table } from '../support/fixtures.js';
import { runJobAt } from '../support/jobs.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

describe('notification settings', () => {
  const s = useBrowser();

  it('a tutor chooses SMS for unread messages in Kiswahili at 390 px, and the next unread message comes by SMS', async () => {
    const { page } = s;
    const [tutor, family] = await Promise.all([createUser('tutor'), createUser('parent', { firstName: 'Wanjiru' })]);
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { language: 'sw' } }), 'language');
    const phone = await giveVerifiedPhone(tutor.userId);

    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto('/account/notifications');
    await until(() => page.getByRole('heading', { name: 'Arifa', level: 1 }).isVisible()).toBe(true);
    // The weekly report is always e-mailed: its choice adds a summary, e-mail (none) by default.
    expect(await page.getByLabel(/^Ripoti za maendeleo za kila wiki/).inputValue()).toBe('email');
    const unread = page.getByLabel('Ujumbe ambao haujasomwa (baada ya dakika 10)');
    expect(await unread.inputValue()).toBe('email');
    await unread.selectOption('sms');
    await page.getByRole('button', { name: 'Hifadhi' }).click();
    await until(() => page.getByText('Imehifadhiwa.').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await checkAxeOnce(page, 'notification settings')).toEqual([]);
    await page.screenshot({ path: '.local/notifications-sw-390.png', fullPage: true });

    // Read again from the server: the choice is kept.
    await page.reload();
    await until(() => page.getByLabel('Ujumbe ambao haujasomwa (baada ya dakika 10)').inputValue()).toBe('sms');

    const { conversation } = await expectOk(callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } }), 'start');
    const { sent } = await expectOk(callApi('sendConversationMessage', {
      token: family.accessToken, params: { conversationId: conversation.id }, body: { clientId: randomUUID().replaceAll('-', ''), text: 'Habari, unaweza kumsaidia mwanangu na Kemia?' },
    }), 'send');
    const { doc, name } = table();
    await doc.send(new DeleteCommand({ TableName: name, Key: { pk: 'JOBCURSOR#conversation-unread', sk: 'JOBCURSOR' } }));
    await runJobAt('conversation-unread', new Date(`${unreadDueMinute(sent.sentAt)}:30.000Z`));

    const sms = await (await fetch(`${stack().sandboxUrls.africastalking}/__sandbox/messages?to=%2B${phone}`)).json() as SandboxSms[];
    expect(sms.map((m) => m.text)).toEqual([expect.stringMatching(/^ALP: Wanjiru .* amekutumia ujumbe: "Habari, unaweza/)]);
    expect((await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(tutor.email) && /Ujumbe mpya/.test(m.subject))).toEqual([]);
  });
});
