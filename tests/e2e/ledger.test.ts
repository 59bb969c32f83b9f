/**
 * The ledger in the browser: a tutor's Earnings tab shows pending and available
 * money, the fee of each lesson and the history; the super admin sees the fee revenue move when a
 * lesson is taught and downloads the ledger as CSV. Screenshots at 390 px and desktop width go to
 * .local/ for a look.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { kshMinor } from '../../functions/shared/display.js';
import { callApi, eventually, expectOk, signInDemoAdmin, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, getItem, paidLesson } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

/** How the dashboard shows a balance: "KSh 1,275", or "−KSh 604.79" below zero (late refunds paid from fees). */
const balance = (minor: number) => (minor < 0 ? `−${kshMinor(-minor)}` : kshMinor(minor));

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
beforeAll(() => useStackEnvironment());

/** A lesson of `tutor` paid and taught at `at`, through to its ledger entry. */
async function taughtLesson(tutor: TestUser, at = new Date(), nth = 0) {
  const paid = await paidLesson({ tutor, nth });
  const reference = String((await getItem(`BOOKING#${paid.booking.id}`, 'BOOKING'))!.paymentReference);
  await eventually(() => getItem(`LEDGER#ENTRY#payment#${reference}`, 'ENTRY'), 15_000);
  await completeLesson(paid.booking.id, 'ended_by_tutor', at);
  await eventually(() => getItem(`LEDGER#ENTRY#earned#${reference}`, 'ENTRY'), 15_000);
  return paid;
}

/** The page, or one part of it, at 390 px and at desktop width. */
async function shoot(page: Page, name: string, part?: Locator) {
  const take = (path: string) => (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  await take(`.local/${name}-390.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await take(`.local/${name}-desktop.png`);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('tutor Earnings tab', () => {
  const session = useBrowser();

  it('shows pending and available money, the fee per lesson and the history', async () => {
    const tutor = await bookableTutor({ firstName: 'Wanjiru-Nyambura Kariuki-Otieno' });
    const early = new Date(Date.now() - 49 * 3_600_000);
    await taughtLesson(tutor, early, 0);
    await runJobAt('ledger-release', new Date());
    const taught = await taughtLesson(tutor, new Date(), 1);

    const { page } = session;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('tab', { name: 'Earnings' }).click();
    const money = page.getByRole('region', { name: 'Your money' });
    await until(() => money.getByText('Lesson completed').count()).toBe(2);
    const text = await money.innerText();
    expect(text).toMatch(/Pending\s*KSh 1,275/);
    expect(text).toMatch(/Available\s*KSh 1,275/);
    expect(text).toMatch(/Paid out\s*KSh 0/);
    expect(text).toContain('Paid KSh 1,500, platform fee 15% (KSh 225).');
    // Two lessons, two credits: the first one's release reads as its status, not as a third "+KSh 1,275".
    expect(text.match(/\+KSh 1,275/g)).toHaveLength(2);
    const statuses = await money.locator('.ledger-line-status').allInnerTexts();
    expect(statuses).toEqual(['Pending', expect.stringMatching(/^Available since \d+ \w+ \d{4}$/)]);
    expect(text).not.toContain('Moved to available');
    // Each lesson line names the subject, the student's first name and the lesson's day.
    const student = await getItem(`USER#${taught.student.userId}`, 'PROFILE');
    const lessonDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(taught.booking.scheduledAt));
    expect(text).toContain(`Mathematics with ${String(student!.firstName)}, ${lessonDay}`);
    expect(await checkAxeOnce(page, 'tutor earnings with ledger')).toEqual([]);
    await shoot(page, 'ledger-tutor-earnings');

    // In Kiswahili the statuses read in Kiswahili.
    await page.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await page.reload();
    await page.getByRole('tab', { name: 'Mapato' }).click();
    const swMoney = page.getByRole('region', { name: 'Pesa yako' });
    await until(() => swMoney.locator('.ledger-line-status').allInnerTexts()).toEqual(['Inasubiri', expect.stringMatching(/^Inapatikana tangu /)]);
    await shoot(page, 'ledger-tutor-earnings-sw', swMoney);
  });

  it('a new tutor sees zeros and what will appear', async () => {
    const tutor = await bookableTutor();
    const { page } = session;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto('/tutor-dashboard?tab=earnings');
    const money = page.getByRole('region', { name: 'Your money' });
    await until(() => money.getByText(/Nothing yet/).isVisible()).toBe(true);
    expect(await money.innerText()).toMatch(/Pending\s*KSh 0/);
    await shoot(page, 'ledger-tutor-empty');
  });
});

describe('super admin money', () => {
  const session = useBrowser();

  it('shows the fee revenue move when a lesson is taught, and downloads the ledger as CSV', async () => {
    const admin = await signInDemoAdmin();
    const { page } = session;
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    const section = page.getByRole('region', { name: 'Money' });
    const revenue = () => section.locator('div', { has: page.getByText('Platform revenue (fees)') }).last().locator('dd').innerText();
    // A refund after the dispute window is paid from the platform's fees, so revenue may be below zero.
    await until(revenue).toMatch(/^−?KSh/);
    const before = await expectOk(callApi('getPlatformLedger', { token: admin.accessToken }), 'platform');
    expect(await revenue()).toBe(balance(before.platformRevenueMinor));

    const tutor = await bookableTutor();
    await taughtLesson(tutor);
    const after = await expectOk(callApi('getPlatformLedger', { token: admin.accessToken }), 'platform');
    expect(after.platformRevenueMinor - before.platformRevenueMinor).toBeGreaterThanOrEqual(22_500);
    await page.reload();
    await until(revenue).toBe(balance(after.platformRevenueMinor));
    expect(await checkAxeOnce(page, 'super admin money')).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    await section.getByLabel('From', { exact: true }).fill(today);
    await section.getByLabel('To', { exact: true }).fill(today);
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`ledger-${today}-to-${today}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('at,entry,kind,reference,booking,course,tutor,account,amount_kes');
    expect(csv).toContain(`,${tutor.userId},platform_revenue,225.00`);
    await until(() => section.getByRole('status').innerText()).toMatch(/^Downloaded \d+ rows\./);
    await shoot(page, 'ledger-admin-money', section);
  });
});
