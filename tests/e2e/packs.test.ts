/**
 * Lesson packs on a phone: a tutor offers "4 lessons of 60 min at 10% off" on the dashboard's
 * Bookings tab and sees it priced from her rate; a parent finds it on the tutor's profile, buys it
 * for her child in Mathematics, pays by M-Pesa prompt in the sandbox (the phone answers with the
 * PIN), is told the pack is paid with 4 lessons to book, books one from the pack's page and sees
 * 3 of 4 left, in My Bookings too. In Kiswahili the profile's packs and the buying page read in Kiswahili.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor } from '../support/fixtures.js';
import { answerOnPhone } from '../support/pay.js';
import { visibleTextNotIn } from '../support/i18n-check.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('lesson packs', () => {
  const s = useBrowser();

  it('a tutor offers a pack; a parent buys it for her child by M-Pesa prompt and books a lesson from it, 4 → 3 left', async () => {
    const { page } = s;
    const [tutor, parent] = await Promise.all([bookableTutor({ hourlyRate: 1500, firstName: 'Achieng' }), createUser('parent', { firstName: 'Wanjiru' })]);
    await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Kamau', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
    }), 'child');

    // The tutor offers the pack on her dashboard; the server prices it from KSh 1,500 an hour.
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await until(() => page.getByRole('heading', { name: 'Lesson packs' }).isVisible()).toBe(true);
    await until(visible(page, 'You offer no lesson packs yet.')).toBe(true);
    await page.getByRole('button', { name: 'Offer a pack' }).click();
    await page.getByLabel('Number of lessons').fill('4');
    await page.getByLabel('Length of each lesson').selectOption('60');
    await page.getByLabel('Discount (%)').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    const offered = page.getByTestId('tutor-pack-offer');
    await until(() => offered.count()).toBe(1);
    expect(await offered.innerText()).toMatch(/4 lessons of 60 min — KSh 5,400 \(10% off, instead of KSh 6,000\)/);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(390);
    expect(await checkAxeOnce(page, 'tutor lesson packs')).toEqual([]);
    await page.screenshot({ path: '.local/packs-tutor-390.png', fullPage: true });

    // The parent, on her phone, from the tutor's profile.
    const family = await s.another();
    const phone = family.page;
    await signInThroughUi(phone, parent.email, parent.password);
    await phone.waitForURL('**/parent-dashboard');
    await phone.goto(`/tutor-profile/${tutor.userId}`);
    const offer = phone.getByTestId('pack-offer');
    await until(() => offer.count()).toBe(1);
    expect(await offer.innerText()).toMatch(/4 lessons of 60 min — KSh 5,400 \(10% off/);
    expect(await noSideScroll(phone)).toBeLessThanOrEqual(390);
    await offer.getByRole('link', { name: 'Buy this pack' }).click();
    await phone.waitForURL(`**/lesson-packs/${tutor.userId}?offer=*`);
    await until(() => phone.getByRole('heading', { name: 'Buy a lesson pack from Achieng User' }).isVisible()).toBe(true);
    await until(visible(phone, 'For Amani (Grade 7, CBC)')).toBe(true);
    // No subject yet: said at the field, nothing bought.
    await phone.getByRole('button', { name: 'Buy and pay KSh 5,400' }).click();
    await until(() => phone.locator('#pack-subject-error').innerText()).toBe('Choose a subject');
    await phone.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
    expect(await checkAxeOnce(phone, 'buy a lesson pack')).toEqual([]);
    await phone.getByRole('button', { name: 'Buy and pay KSh 5,400' }).click();

    // The pack's page: awaiting payment, paid in the page by M-Pesa prompt.
    await phone.waitForURL('**/packs/*');
    await until(() => phone.getByRole('heading', { name: 'Pay for your pack: KSh 5,400' }).isVisible()).toBe(true);
    expect(await phone.getByTestId('pack-credits').innerText()).toContain('4 of 4 left');
    expect(await visible(phone, 'Awaiting payment')()).toBe(true);
    expect(await noSideScroll(phone)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: '.local/packs-checkout-390.png', fullPage: true });
    await phone.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await phone.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
    await until(visible(phone, 'Check your phone and enter your M-Pesa PIN.')).toBe(true);
    await answerOnPhone(phone, '254712345678', 'Enter PIN and pay');
    await phone.waitForURL('**/payment-callback?**');
    await until(visible(phone, 'Payment Successful!')).toBe(true);
    await until(() => phone.getByTestId('callback-success-text').innerText()).toBe('Your pack is paid: 4 lessons to book');
    expect(await phone.locator('.callback-summary').innerText()).toMatch(/Lesson pack\s*4 lessons/);

    // Book one lesson from the pack: a free hour of the tutor's.
    await phone.getByRole('link', { name: 'Book a lesson' }).click();
    await phone.waitForURL('**/packs/*');
    await until(() => phone.getByTestId('pack-paid').innerText()).toBe('Your pack is paid: 4 lessons to book');
    expect(await phone.getByTestId('pack-credits').innerText()).toContain('4 of 4 left');
    const date = phone.getByLabel('Date', { exact: true });
    await until(() => date.locator('option').count()).toBeGreaterThan(1);
    await date.selectOption({ index: 1 });
    await phone.getByLabel('Start time').selectOption({ index: 1 });
    expect(await checkAxeOnce(phone, 'book from a lesson pack')).toEqual([]);
    await phone.getByRole('button', { name: 'Book this lesson' }).click();
    await until(() => phone.getByTestId('pack-booked').innerText()).toMatch(/^Booked for .+\. 3 lessons left in the pack\.$/);
    await until(() => phone.getByTestId('pack-credits').innerText()).toContain('3 of 4 left');
    expect(await noSideScroll(phone)).toBeLessThanOrEqual(390);

    // My Bookings: the pack with its learner and what is left, and the booked lesson among the upcoming.
    await phone.goto('/my-bookings');
    const card = phone.getByTestId('pack-card');
    await until(() => card.count()).toBe(1);
    const text = await card.innerText();
    expect(text).toMatch(/Mathematics with Achieng User/);
    expect(text).toMatch(/Learner\s*Amani/);
    expect(text).toContain('3 of 4 left');
    expect(text).toContain('Paid');
    await until(() => phone.getByRole('region', { name: /Upcoming/ }).getByRole('article').count()).toBe(1);
    expect(await noSideScroll(phone)).toBeLessThanOrEqual(390);
    expect(await checkAxeOnce(phone, 'my lesson packs')).toEqual([]);
    await phone.screenshot({ path: '.local/packs-my-bookings-390.png', fullPage: true });

    // Another from My Bookings: the picker opens in the pack's card; 3 → 2.
    await card.getByRole('button', { name: 'Book a lesson' }).click();
    const cardDate = card.getByLabel('Date', { exact: true });
    await until(() => cardDate.locator('option').count()).toBeGreaterThan(1);
    await cardDate.selectOption({ index: 1 });
    await card.getByLabel('Start time').selectOption({ index: 1 });
    await card.getByRole('button', { name: 'Book this lesson' }).click();
    await until(() => card.getByTestId('pack-credits').innerText()).toContain('2 of 4 left');
  });

  it('reads in Kiswahili: the profile offers the pack and the buying page asks for the subject', async () => {
    const { page } = s;
    const [tutor, parent] = await Promise.all([bookableTutor({ hourlyRate: 2000, firstName: 'Baraka' }), createUser('parent')]);
    await expectOk(callApi('offerPack', { token: tutor.accessToken, body: { lessons: 5, durationMinutes: 60, discountPercent: 20 } }), 'offer');
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.goto(`/tutor-profile/${tutor.userId}`);
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    await until(() => page.getByRole('heading', { name: 'Vifurushi vya masomo' }).isVisible()).toBe(true);
    const offer = page.getByTestId('pack-offer');
    await until(() => offer.innerText()).toMatch(/Masomo 5 ya dakika 60 — KSh 8,000 \(punguzo la 20%/);
    await offer.getByRole('link', { name: 'Nunua kifurushi hiki' }).click();
    await until(() => page.getByRole('heading', { name: 'Nunua kifurushi cha masomo kutoka kwa Baraka User' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Nunua na ulipe/ }).click();
    await until(() => page.locator('#pack-subject-error').innerText()).toBe('Chagua somo');
    // Every visible text is a message of the Kiswahili catalogs; names and subjects are data.
    expect(await visibleTextNotIn(page, 'sw', ['Baraka User', 'Baraka', 'Mathematics', 'Physics', /^KSh [\d,]+$/])).toEqual([]);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(390);
    expect(await checkAxeOnce(page, 'buy a lesson pack in Kiswahili')).toEqual([]);
  });
});
