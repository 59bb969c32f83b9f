/**
 * Conversations in two browsers on phones: a parent opens a tutor's profile, presses Message and
 * asks a question with their phone number in it; the tutor sees the unread count in the header,
 * reads the question with the number hidden, and answers; the parent sees the answer and the read
 * receipt without reloading. A student and a tutor open their booking's conversation from the
 * booking (My Bookings; the tutor's Bookings tab). And the page in Kiswahili.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, paidLesson } from '../support/fixtures.js';

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
