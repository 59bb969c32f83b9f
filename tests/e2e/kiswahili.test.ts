/**
 * The journey in Kiswahili: a visitor switches the landing page to SW, signs in as a
 * student, books a tutor, pays in the Paystack sandbox and reads the confirmation; on every page
 * of ours each visible text (and label) is a message of the Kiswahili catalogs (visibleTextNotIn,
 * checked against the catalogs, not by eye), and the confirmation e-mail is in Kiswahili. The
 * sandbox's checkout page is Paystack's, not ours, so it is not checked.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, eventually, expectOk, sentEmails } from '../support/api.js';
import { SignUpRequest } from '../../functions/auth/contract.js';
import { zodMessagesIn } from '../../functions/shared/zod-messages.js';
import { demoCourses } from '../../infra/local/demo/courses.js';
import { demoReviews } from '../../infra/local/demo/reviews.js';
import { demoTutors } from '../../infra/local/demo/tutors.js';
import { useBrowser } from '../support/browser.js';
import { bookableTutor, freeStarts } from '../support/fixtures.js';
import { toCardCheckout } from '../support/pay.js';
import { visibleTextNotIn } from '../support/i18n-check.js';

/** The reviews quoted on the landing page (seeded, consenting): reviewers' words, subjects and first names, not language. */
const QUOTED = demoReviews.filter((r) => r.consent).flatMap((r) => [`“${r.comment}”`, r.firstName, r.firstName[0]!, r.subject, '★'.repeat(r.rating)]);
const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('the booking journey in Kiswahili', () => {
  const s = useBrowser();

  it('landing → SW → sign in → book a tutor → pay → confirmation: every text in Kiswahili, and the e-mail too', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1500, firstName: 'Baraka' });
    const student = await createUser('student', { firstName: 'Wanjiru' });
    // The data on the pages: people's names and the subject the tutor teaches (data, not language).
    const data: (string | RegExp)[] = ['Baraka', 'Wanjiru', 'Baraka User', 'Wanjiru User', 'User', 'Test User', 'Mathematics', 'Physics', student.email,
      ...demoTutors.map((t) => `${t.firstName} ${t.lastName}`), ...demoCourses.map((c) => c.title), ...QUOTED, 'Kenya',
      /^alp-[\w-]+$/ /* a payment reference */];
    const leftovers: Record<string, string[]> = {};
    const check = async (name: string) => {
      // Course titles (cards, the dashboard's list) are what tutors wrote (other tests' courses too): data, read as shown.
      const titles = await page.locator('.course-card-link, .student-course-title').allInnerTexts();
      const texts = await visibleTextNotIn(page, 'sw', [...data, ...titles]);
      if (texts.length) leftovers[name] = texts;
    };

    await page.goto('/');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await until(() => lang(page)).toBe('sw');
    await check('landing');

    // The sign-in form's labels are Kiswahili now: its fields by id.
    await page.goto('/auth');
    // A sign-up field the contract gives no message of its own: zod's, in Kiswahili (the module the API answers with).
    await page.locator('#tab-signup').click();
    const longCountry = 'K'.repeat(61);
    await page.locator('#signup-country').fill(longCountry);
    await page.locator('#signup-password').focus();
    const zodInKiswahili = SignUpRequest.shape.country.safeParse(longCountry, zodMessagesIn('sw')).error?.issues[0]?.message;
    await until(() => page.locator('#signup-country-error').textContent()).toBe(zodInKiswahili);
    await page.locator('#signup-country').fill('');
    await page.locator('#tab-signin').click();
    await page.locator('#signin-email').fill(student.email);
    await check('sign-in');
    await page.locator('#signin-password').fill(student.password);
    await page.locator('form:has(#signin-email) button[type=submit]').click();
    await page.waitForURL(/student-dashboard/);
    // A profile without a language takes the one the device shows (features/auth/language.tsx): the e-mails follow it.
    await until(async () => (await callApi('getMe', { token: student.accessToken })).body.profile.language).toBe('sw');
    // The dashboard's course cards arrive after the page: check once they are there, titles read as shown.
    await until(() => page.locator('.student-course-title').count()).toBeGreaterThan(0);
    await check('student dashboard');

    const [start] = await freeStarts(tutor.userId);
    await page.goto(`/tutor-profile/${tutor.userId}`);
    await until(() => page.locator('.date-row button').count()).toBeGreaterThan(0);
    await check('tutor profile');

    await page.goto(`/book-tutor/${tutor.userId}?start=${encodeURIComponent(start!)}`);
    await until(() => page.locator('#bk-time').inputValue()).toBe(start);
    await page.locator('#bk-subject').selectOption('Mathematics');
    await page.locator('#bk-duration').selectOption('60');
    await check('booking form');
    await page.locator('form:has(#bk-subject) button[type=submit]').click();

    await page.waitForURL('**/pay/**');
    await until(() => page.getByRole('heading', { name: 'Lipia somo lako' }).isVisible()).toBe(true);
    await check('payment page');
    await toCardCheckout(page, 'Lipa kwa kadi au kwenye Paystack');
    await page.getByLabel('M-Pesa').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/payment-callback?**');
    const reference = new URL(page.url()).searchParams.get('reference')!;
    await until(() => page.getByText(reference).first().isVisible()).toBe(true);
    await check('payment confirmation');

    const bookings = await expectOk(callApi('listBookings', { token: student.accessToken }), 'bookings');
    expect(bookings.bookings.some((b) => b.paymentReference === reference)).toBe(true);
    const mail = await eventually(async () =>
      (await sentEmails()).find((m) => m.destinations.ToAddresses.includes(student.email) && m.subject.startsWith('Nafasi imethibitishwa')), 30_000);
    expect(mail.body).toContain('Habari Wanjiru,');
    expect(mail.body).toContain('Malipo yako yamepokelewa na somo lako limethibitishwa.');
    expect(mail.body).toContain('Umelipa: KSh 1,500');

    expect(leftovers).toEqual({});
  });
});
