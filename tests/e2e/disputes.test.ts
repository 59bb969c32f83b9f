/**
 * Disputes in the browser, on a 390 px phone: the student reports a problem with a taught lesson
 * from My Bookings; the super admin sees it on their dashboard with the lesson's events and
 * decides a partial refund with a note; the student sees the outcome on the booking, and the
 * tutor's Earnings tab shows their share reduced in proportion.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { callApi, createUser, eventually, expectOk } from '../support/api.js';
import { bookableTutor, getItem, paidThroughSandbox } from '../support/fixtures.js';
import { visibleTextNotIn } from '../support/i18n-check.js';
import { useStackEnvironment } from '../support/jobs.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('a problem with a lesson', () => {
  const s = useBrowser();

  it('the student reports it, the super admin refunds part of it, the student sees the outcome and the tutor\'s earnings reflect it', async () => {
    const tutor = await bookableTutor({ firstName: 'Achieng' });
    const student = await createUser('student', { firstName: 'Otieno' });
    const { booking, reference } = await paidThroughSandbox({ tutor, student });
    useStackEnvironment();
    await eventually(() => getItem(`LEDGER#ENTRY#payment#${reference}`, 'ENTRY'), 15_000);
    await completeLesson(booking.id, 'ended_by_tutor'); // as the tutor's End Class does
    await eventually(() => getItem(`LEDGER#ENTRY#earned#${reference}`, 'ENTRY'), 15_000);

    const { page } = s;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    await page.getByRole('button', { name: 'Report a problem' }).click();
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await until(visible(page, 'Please describe the problem')).toBe(true);
    await page.getByRole('radio', { name: 'The lesson ended early' }).check();
    await page.getByLabel('Tell us more').fill('We stopped after 20 minutes.');
    expect(await checkAxeOnce(page, 'report a problem form')).toEqual([]);
    await page.getByRole('button', { name: 'Send report' }).click();
    await until(visible(page, 'The team is looking at it. You will get an e-mail with the decision.')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const admin = await s.another();
    await signInDemoAdminThroughUi(admin.page);
    await admin.page.waitForURL('**/super-admin-dashboard');
    const row = admin.page.locator('.dispute-row', { hasText: 'Otieno' }).filter({ hasText: 'We stopped after 20 minutes.' });
    await until(() => row.isVisible()).toBe(true);
    const rowText = await row.innerText();
    expect(rowText).toContain('The lesson ended early');
    expect(rowText).toContain('Lesson marked completed');
    expect(rowText).toContain('Nobody joined the live room.');
    await row.getByLabel('Decision').selectOption('partial_refund');
    await row.getByLabel('Amount to refund (KSh)').fill('500');
    await row.getByLabel('Note for the student and the tutor').fill('The lesson ended 40 minutes early: a third comes back.');
    expect(await checkAxeOnce(admin.page, 'open disputes')).toEqual([]);
    await row.getByRole('button', { name: 'Record decision' }).click();
    await until(visible(admin.page, 'Decision recorded. Both the student and the tutor have been told.')).toBe(true);
    await until(() => row.count()).toBe(0);
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.reload();
    await until(visible(page, /Refunded KSh 500 of the KSh 1,500 you paid/)).toBe(true);
    await until(visible(page, 'The lesson ended 40 minutes early: a third comes back.')).toBe(true);

    // Paystack processed the refund: the tutor keeps two thirds of their share, still pending.
    await eventually(() => getItem(`LEDGER#ENTRY#refund#${reference}`, 'ENTRY'), 15_000);
    expect(await expectOk(callApi('getMyLedger', { token: tutor.accessToken }), 'earnings')).toMatchObject({ pendingMinor: 85_000 });
    const tutorPage = await s.another();
    await signInThroughUi(tutorPage.page, tutor.email, tutor.password);
    await tutorPage.page.waitForURL('**/tutor-dashboard');
    await tutorPage.page.goto('/tutor-dashboard?tab=earnings');
    const money = tutorPage.page.getByRole('region', { name: 'Your money' });
    await until(async () => (await money.innerText()).match(/Pending\s*KSh 850/) !== null).toBe(true);
  });

  it('reads in Kiswahili: the report form and the report once sent', async () => {
    const tutor = await bookableTutor({ firstName: 'Achieng' });
    const student = await createUser('student', { firstName: 'Otieno' });
    const { booking, reference } = await paidThroughSandbox({ tutor, student });
    useStackEnvironment();
    await eventually(() => getItem(`LEDGER#ENTRY#payment#${reference}`, 'ENTRY'), 15_000);
    await completeLesson(booking.id, 'ended_by_tutor');

    const { page } = s;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await page.getByRole('button', { name: 'Ripoti tatizo' }).click();
    const data = ['Achieng', 'Otieno', 'Achieng User', 'Otieno User', 'User', 'Mathematics', 'Physics', student.email];
    expect(await visibleTextNotIn(page, 'sw', data)).toEqual([]);
    await page.getByRole('radio', { name: 'Mtandao duni' }).check();
    await page.getByRole('button', { name: 'Tuma ripoti' }).click();
    await until(visible(page, 'Timu inaliangalia. Utapata barua pepe yenye uamuzi.')).toBe(true);
    expect(await visibleTextNotIn(page, 'sw', data)).toEqual([]);
  });
});
