/**
 * Conversations in two browsers on phones: a parent opens a tutor's profile, presses Message and
 * asks a question with their phone number in it; the tutor sees the unread count in the header,
 * reads the question with the number hidden, and answers; the parent sees the answer and the read
 * receipt without reloading. A student and a tutor open their booking's conversation from the
 * booking (My Bookings; the tutor's Bookings tab). And the page in Kiswahili.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, paidLesson, table } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('conversations', () => {
  const s = useBrowser();

  it('a parent and a tutor exchange messages live; the parent\'s phone number is hidden from the tutor', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Wanjiru' }), bookableTutor({ firstName: 'Juma' })]);
    const { page } = s;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.goto(`/tutor-profile/${tutor.userId}`);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await page.waitForURL('**/messages?c=*');
    await page.getByLabel('Your message').fill('Can you help my son with KCSE Chemistry? Call me on 0712 345 678');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const thread = page.getByRole('list', { name: 'Messages with Juma User' });
    await until(() => thread.getByText('Call me on 0712 345 678').isVisible()).toBe(false);
    await until(() => thread.getByText('Contact details are shared after the first paid lesson').isVisible()).toBe(true);
    // Focus stays in the composer for the next message.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('message-text');

    const other = await s.another();
    const tutorPage = other.page;
    await signInThroughUi(tutorPage, tutor.email, tutor.password);
    await tutorPage.waitForURL('**/tutor-dashboard');
    const messagesLink = tutorPage.getByRole('link', { name: /^Messages/ });
    await until(() => messagesLink.getByLabel('1 unread message').isVisible()).toBe(true);
    await messagesLink.click();
    await tutorPage.getByRole('link', { name: /Wanjiru User/ }).click();
    const tutorThread = tutorPage.getByRole('list', { name: 'Messages with Wanjiru User' });
    await until(() => tutorThread.getByText('Can you help my son with KCSE Chemistry? Call me on •••').isVisible()).toBe(true);
    expect(await tutorThread.innerText()).not.toContain('0712');
    await until(() => messagesLink.getByLabel('1 unread message').count()).toBe(0);

    await tutorPage.getByLabel('Your message').fill('Yes, evenings work for me.');
    await tutorPage.getByRole('button', { name: 'Send', exact: true }).click();

    // The parent's page, untouched since sending: the answer and the read receipt arrive by themselves.
    await until(() => thread.getByText('Yes, evenings work for me.').isVisible()).toBe(true);
    await until(() => thread.getByText(/Read/).count()).toBeGreaterThan(0);
  });

  it('each side opens the booking\'s conversation from the booking with Message', async () => {
    const { student, tutor } = await paidLesson({ tutor: await bookableTutor({ firstName: 'Baraka' }), student: await createUser('student', { firstName: 'Neema' }) });
    const { page } = s;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    const booking = page.getByRole('article').filter({ hasText: 'Baraka User' });
    await booking.getByRole('button', { name: 'Message', exact: true }).click();
    await page.waitForURL('**/messages?c=*');
    await page.getByLabel('Your message').fill('I will be 5 minutes late today');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await until(() => page.getByRole('list', { name: 'Messages with Baraka User' }).getByText('I will be 5 minutes late today').isVisible()).toBe(true);

    const tutorPage = (await s.another()).page;
    await signInThroughUi(tutorPage, tutor.email, tutor.password);
    await tutorPage.waitForURL('**/tutor-dashboard');
    await tutorPage.getByRole('tab', { name: 'Bookings' }).click();
    const tutorBooking = tutorPage.getByRole('article', { name: 'Neema User' });
    await tutorBooking.getByRole('button', { name: 'Message', exact: true }).click();
    await tutorPage.waitForURL('**/messages?c=*');
    // The same conversation: the student's message is there.
    await until(() => tutorPage.getByRole('list', { name: 'Messages with Neema User' }).getByText('I will be 5 minutes late today').isVisible()).toBe(true);
  });

  it('reads in Kiswahili on a phone', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Akinyi' }), bookableTutor({ firstName: 'Otieno' })]);
    const { page } = s;
    await page.goto('/');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await until(() => lang(page)).toBe('sw');
    await page.goto('/auth');
    await page.locator('#signin-email').fill(parent.email);
    await page.locator('#signin-password').fill(parent.password);
    await page.locator('form:has(#signin-email) button[type=submit]').click();
    await page.waitForURL('**/parent-dashboard');
    await page.goto(`/tutor-profile/${tutor.userId}`);
    await page.getByRole('button', { name: 'Tuma ujumbe', exact: true }).click();
    await page.waitForURL('**/messages?c=*');
    await until(() => page.getByRole('heading', { name: 'Ujumbe', level: 1 }).isVisible()).toBe(true);
    await until(() => page.getByText('Bado hakuna ujumbe. Salimia na uulize swali lako.').isVisible()).toBe(true);
    await page.getByLabel('Ujumbe wako').fill('Habari, niandikie kwa mama@example.com');
    await page.getByRole('button', { name: 'Tuma', exact: true }).click();
    const thread = page.getByRole('list', { name: 'Jumbe na Otieno User' });
    await until(() => thread.getByText('Maelezo ya mawasiliano hutolewa baada ya somo la kwanza lililolipiwa').isVisible()).toBe(true);
    await until(() => thread.getByText('Habari, niandikie kwa •••').isVisible()).toBe(true);
    // Nothing runs off a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

/**
 * Real time: with the inbox poll never reporting a change (GET /api/me/inbox stubbed), messages
 * still arrive on both phones, so the WebSocket carried them; and a page whose socket cannot connect
 * (a proxy, a bad network) gets the message by polling. The app's service worker is blocked so
 * page.route sees every request.
 */
describe('conversations in real time', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  const openConnections = async (userId: string) => {
    const { doc, name } = table();
    const out = await doc.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `SOCKETS#${userId}` } }));
    return out.Items?.length ?? 0;
  };

  /** Signs in, stubs the inbox poll, counts the inbox frames the socket receives, and opens the conversation. */
  async function liveOnly(page: Page, user: { email: string; password: string; userId: string }, conversationId: string) {
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"inbox"')) frames.push(String(payload));
    }));
    // The poll only ever answers "nothing changed": whatever arrives, the socket brought.
    await page.route('**/api/me/inbox', (route) => route.fulfill({ json: { version: 0, unread: 0 }, headers: { etag: '"0"', 'cache-control': 'no-store' } }));
    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL(/dashboard/);
    await page.goto(`/messages?c=${conversationId}`);
    await until(() => openConnections(user.userId)).toBeGreaterThan(0);
    return frames;
  }

  it('a parent and a tutor exchange messages over the socket, the poll never reporting a change', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Njeri' }), bookableTutor({ firstName: 'Baraka' })]);
    const started = await callApi('startConversation', { token: parent.accessToken, body: { tutorId: tutor.userId } });
    const conversationId = started.body.conversation.id;
    const other = await s.another();
    const [parentFrames, tutorFrames] = await Promise.all([liveOnly(s.page, parent, conversationId), liveOnly(other.page, tutor, conversationId)]);

    await s.page.getByLabel('Your message').fill('Is Saturday at 10:00 possible?');
    await s.page.getByRole('button', { name: 'Send', exact: true }).click();
    const tutorThread = other.page.getByRole('list', { name: 'Messages with Njeri User' });
    await until(() => tutorThread.getByText('Is Saturday at 10:00 possible?').isVisible()).toBe(true);
    expect(tutorFrames.length).toBeGreaterThan(0);

    await other.page.getByLabel('Your message').fill('Yes, Saturday at 10:00 is fine.');
    await other.page.getByRole('button', { name: 'Send', exact: true }).click();
    const parentThread = s.page.getByRole('list', { name: 'Messages with Baraka User' });
    await until(() => parentThread.getByText('Yes, Saturday at 10:00 is fine.').isVisible()).toBe(true);
    expect(parentFrames.length).toBeGreaterThan(0);
    // Incoming messages are in a live region; the parent's composer kept its focus while the answer came in.
    expect(await parentThread.getAttribute('aria-live')).toBe('polite');
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe('message-text');
  });

  it('Send finishes while the inbox cannot be read, and the page says plainly that it cannot check for new messages', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Wairimu' }), bookableTutor({ firstName: 'Otieno' })]);
    const started = await callApi('startConversation', { token: parent.accessToken, body: { tutorId: tutor.userId } });
    const conversationId = started.body.conversation.id;
    const { page } = s;
    // GET /api/me/inbox hangs until released, then fails every time.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/me/inbox', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { message: 'Internal server error' } });
    });
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.goto(`/messages?c=${conversationId}`);
    const thread = page.getByRole('list', { name: 'Messages with Otieno User' });
    await thread.waitFor();

    await page.getByLabel('Your message').fill('Are you free on Thursday evening?');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await send.click();
    // The message is stored and shown as sent, the composer is ready for the next one, the inbox still unanswered.
    await until(() => thread.getByText('Are you free on Thursday evening?').isVisible()).toBe(true);
    await until(() => thread.getByText('Sent').isVisible()).toBe(true);
    await until(() => page.getByLabel('Your message').inputValue()).toBe('');
    expect(await send.getAttribute('aria-busy')).toBeNull();

    release();
    await until(() => page.getByRole('alert').filter({ hasText: 'Could not check for new messages' }).isVisible()).toBe(true);
    expect(await thread.getByText('Are you free on Thursday evening?').isVisible()).toBe(true);
  });

  it('a page whose socket cannot connect gets the message by polling', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Achieng' }), bookableTutor({ firstName: 'Kamau' })]);
    const started = await callApi('startConversation', { token: parent.accessToken, body: { tutorId: tutor.userId } });
    const conversationId = started.body.conversation.id;
    const { page } = s;
    // As behind a proxy that refuses WebSockets: the socket's address answers nothing.
    await page.route('**/config.json', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json() as object), socketUrl: 'ws://127.0.0.1:9/ws' } });
    });
    let polls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/me/inbox')) polls += 1;
    });
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto(`/messages?c=${conversationId}`);
    await page.getByRole('list', { name: 'Messages with Achieng User' }).waitFor();

    await callApi('sendConversationMessage', { token: parent.accessToken, params: { conversationId }, body: { clientId: randomUUID().replaceAll('-', ''), text: 'Do you teach Form 3 Physics?' } });
    await until(() => page.getByRole('list', { name: 'Messages with Achieng User' }).getByText('Do you teach Form 3 Physics?').isVisible()).toBe(true);
    expect(polls).toBeGreaterThan(1);
    expect(await openConnections(tutor.userId)).toBe(0);
  });
});
