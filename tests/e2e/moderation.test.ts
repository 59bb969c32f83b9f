/**
 * Moderation on phones: a parent reports a tutor's conversation from the thread; the super admin
 * opens the Moderation tab, reads the conversation as written (told the read is audited) and
 * suspends the tutor with a reason; the tutor's next message is refused with the token they hold.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk } from '../support/api.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const clientId = () => randomUUID().replaceAll('-', '');

describe('moderation', () => {
  const s = useBrowser();

  it('a reported conversation is read by the admin, who suspends the tutor; the tutor\'s next send is refused', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Akinyi' }), createUser('tutor', { firstName: 'Otieno' })]);
    const conversationId = (await expectOk(callApi('startConversation', { token: parent.accessToken, body: { tutorId: tutor.userId } }), 'start')).conversation.id;
    await expectOk(callApi('sendConversationMessage', {
      token: tutor.accessToken, params: { conversationId }, body: { clientId: clientId(), text: 'Pay me on M-Pesa 0712 345 678, not here' },
    }), 'send');

    const { page } = s;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.goto(`/messages?c=${conversationId}`);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    // Other suites report conversations between people of the same names: this report is told by its own words.
    const reason = `He asks me to pay outside the platform (${clientId().slice(0, 6)})`;
    await page.getByLabel('What is wrong?').fill(reason);
    await page.getByRole('button', { name: 'Send report', exact: true }).click();
    await until(() => page.getByText('Thank you. The team will look at this conversation.').first().isVisible()).toBe(true);

    const admin = (await s.another()).page;
    await signInDemoAdminThroughUi(admin);
    await admin.waitForURL('**/super-admin-dashboard');
    await admin.goto('/admin-dashboard?tab=moderation');
    const report = admin.getByRole('listitem', { name: 'Akinyi User and Otieno User' }).filter({ hasText: reason });
    await until(() => report.isVisible()).toBe(true);
    await report.getByRole('button', { name: 'Read conversation' }).click();
    const messages = report.getByRole('list', { name: 'Messages' });
    await until(() => messages.getByText('Pay me on M-Pesa 0712 345 678, not here').isVisible()).toBe(true);
    expect(await report.getByRole('note').innerText()).toContain('recorded in the privacy audit');

    await report.getByRole('button', { name: 'Suspend tutor' }).click();
    await report.getByLabel('Why suspend the tutor Otieno User?').fill('Asked a family to pay outside the platform');
    await report.getByRole('button', { name: 'Suspend', exact: true }).click();
    await until(() => report.getByText('Suspended tutor: Otieno User').isVisible()).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.screenshot({ path: '.local/admin-moderation-390.png', fullPage: true });

    // The tutor's token, issued before the suspension, is still valid: the send is refused anyway.
    const refused = await callApi('sendConversationMessage', {
      token: tutor.accessToken, params: { conversationId }, body: { clientId: clientId(), text: 'Hello?' },
    });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Your account is suspended, so you cannot send messages. Please contact support.');
  });
});
