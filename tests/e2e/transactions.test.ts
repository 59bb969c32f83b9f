/**
 * The transactions list in the browser: a super admin goes from the dashboard's Recent
 * Transactions to the full list, refunds a payment with a reason, and sees it refunded once the
 * Paystack sandbox's refund webhooks arrive; the status filter then finds it under Refunded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, eventually, expectOk, signInDemoAdmin } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, checkoutInSandbox, getItem, paidCourse, paidFirstInstalmentByCard, paidThroughSandbox, weeklyPlan } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const rowOf = (page: Page, reference: string) => page.getByRole('row').filter({ hasText: reference });

/** The demo super admin opens the Transactions tab, filtered to one refund state (paid and not refunded first), and finds the payment's row. */
async function rowAsAdmin(page: Page, reference: string, status: 'paid' | 'refunded' = 'paid') {
  await signInDemoAdminThroughUi(page);
  await page.waitForURL('**/super-admin-dashboard');
  await page.goto(new URL('/admin-dashboard?tab=transactions', page.url()).toString());
  const list = page.getByRole('region', { name: 'Transactions' });
  await list.getByLabel('Status').selectOption(status);
  const row = rowOf(page, reference);
  await until(() => row.isVisible()).toBe(true);
  return { list, row };
}

describe('transactions list', () => {
  const s = useBrowser();

  it('a super admin refunds a payment from the list and sees it refunded after the sandbox webhook', async () => {
    const { page } = s;
    const { reference } = await paidThroughSandbox();
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await page.getByRole('link', { name: 'View All transactions' }).click();
    await page.waitForURL('**/admin-dashboard?tab=transactions');

    const list = page.getByRole('region', { name: 'Transactions' });
    await list.getByLabel('Status').selectOption('paid');
    const row = rowOf(page, reference);
    await until(() => row.isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'transactions list')).toEqual([]);
    await row.getByRole('button', { name: /^Refund/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Dispute: the lesson link did not work');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await until(() => dialog.isVisible()).toBe(false);

    // The sandbox's refund.processed arrives a moment later; then a fresh list under Refunded shows it.
    const admin = await signInDemoAdmin();
    await eventually(async () => (await expectOk(callApi('adminTransactions', { token: admin.accessToken, query: { limit: 50, status: 'refunded' } }), 'list'))
      .transactions.some((t) => t.id === reference), 30_000);
    await page.reload();
    await list.getByLabel('Status').selectOption('refunded');
    await until(async () => ((await row.isVisible()) ? row.innerText() : ''), 30_000).toMatch(/Refunded[\s\S]*Dispute: the lesson link did not work/);
    expect(await row.getByRole('button', { name: /Refund/ }).count()).toBe(0);
    expect(await checkAxeOnce(page, 'transactions list, refunded')).toEqual([]);
  });

  it('a course payment offers Refund, and refunding it goes through; a refund under way offers none', async () => {
    const { page } = s;
    const { course } = await paidCourse();
    const student = await createUser('student');
    const { reference, authorizationUrl } = await expectOk(callApi('payForCourse', { token: student.accessToken, params: { courseId: course.id } }), 'pay');
    await checkoutInSandbox(authorizationUrl);
    await eventually(async () => (await getItem(`PAYMENT#${reference}`, 'PAYMENT'))?.status === 'success', 15_000);
    const { list, row } = await rowAsAdmin(page, reference);
    await row.getByRole('button', { name: /^Refund/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Bought the wrong course');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    // The server took it (no "Only a successful payment can be refunded"): the dialog closes.
    await until(() => dialog.isVisible()).toBe(false);
    expect(await getItem(`COURSE#${course.id}`, `ENROL#${student.userId}`)).toBeUndefined();
    await list.getByLabel('Status').selectOption('');
    await until(async () => ((await row.isVisible()) ? row.innerText() : '')).toMatch(/Bought the wrong course/);
    expect(await row.getByRole('button', { name: /Refund/ }).count()).toBe(0);
  });

  it('shows a weekly plan\'s instalment with its lessons refunded one by one, on a phone, in English and Kiswahili', async () => {
    const { page } = s;
    const [tutor, family] = await Promise.all([bookableTutor({ hourlyRate: 1500 }), createUser('student')]);
    const plan = await weeklyPlan(family, tutor.userId, 4);
    const reference = await paidFirstInstalmentByCard(family, plan.id);
    // The lessons a week and more away: outside the free-cancellation window whatever the day.
    const [a, b] = plan.instalments[0]!.bookingIds.slice(1);
    for (const bookingId of [a!, b!]) {
      await expectOk(callApi('cancelBooking', { token: family.accessToken, params: { bookingId }, body: { reason: 'Travelling' } }), 'cancel');
    }
    for (const bookingId of [a!, b!]) {
      await eventually(async () => (await getItem(`PAYMENT#${reference}`, `REFUND#${bookingId}`))?.status === 'processed', 30_000);
    }

    // Under Refunded: the list finds the instalment by its lessons' refunds (no longer merely Paid).
    const { row } = await rowAsAdmin(page, reference, 'refunded');
    const refunds = row.getByRole('list', { name: 'Lesson refunds: 2' });
    expect(await refunds.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Refunded one lesson, KSh 1,500 · Cancelled by the student: Travelling · /),
      expect.stringMatching(/^Refunded one lesson, KSh 1,500 · Cancelled by the student: Travelling · /),
    ]);
    // Its lessons are refunded one by one (a lesson's cancel), never the instalment whole.
    expect(await row.getByRole('button', { name: /Refund/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/transactions-lesson-refunds-390.png', fullPage: true });

    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    const admin = await signInDemoAdmin();
    try {
      await until(() => row.getByRole('list').first().innerText()).toContain('somo moja, KSh 1,500');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await until(async () => (await callApi('getMe', { token: admin.accessToken })).body.profile.language).toBe('sw');
    } finally {
      // Saved to the shared demo admin's profile: later tests read English.
      expect((await callApi('updateMyProfile', { token: admin.accessToken, body: { language: 'en' } })).status).toBe(200);
    }
  });
});
