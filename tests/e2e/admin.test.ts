/**
 * Super admin screens in the browser (phone viewport): finding users by name or e-mail with
 * "Load more", the payment problems that need someone to act, and today's lessons with who joined
 * (also in Kiswahili), and the failed payouts and payment problems in Kiswahili: the pages' words
 * from the SPA's catalogs, the reasons and what to do from the API's (functions/shared/i18n/sw.json).
 *
 * ALP_SCREENSHOTS=1 also saves the Kiswahili screens (390 px and 1280 px) to .local/screens/.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, callApi, createUser, signInDemoAdmin } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, useBrowser } from '../support/browser.js';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { attendanceItem } from '../../functions/live/keys.js';
import { payoutPut } from '../../functions/payouts/keys.js';
import { transferMessages } from '../../functions/payouts/service.js';
import { inLanguage } from '../../functions/shared/messages.js';
import adminSw from '../../frontend/src/features/admin/i18n/dashboard.sw.json';
import ledgerSw from '../../frontend/src/features/ledger/i18n/sw.json';
import { book, bookableTutor, freeStarts, moveLesson, paidLesson, paystackWebhook, postWebhook, table } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

/** A name nobody else has. */
const uniqueName = (label: string) => `${label}${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

async function shot(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  await page.screenshot({ path: `.local/screens/${name}.png`, fullPage: true });
}

async function openAdminTab(page: Page, tab: string) {
  await signInDemoAdminThroughUi(page);
  await page.waitForURL('**/super-admin-dashboard');
  await page.goto(`/admin-dashboard?tab=${tab}`);
}

/**
 * The signed-in admin switches to Kiswahili (saved to the profile, which wins over the device's
 * choice), then one reload: lists come from the API again, in Kiswahili.
 */
async function switchToKiswahili(page: Page) {
  await page.getByRole('button', { name: 'SW', exact: true }).click();
  const admin = await signInDemoAdmin();
  await until(async () => (await callApi('getMe', { token: admin.accessToken })).body.profile.language).toBe('sw');
  await page.reload();
}

describe('admin dashboard', () => {
  const s = useBrowser();

  it('User Management pages through all users with Load more and finds one by name or e-mail', async () => {
    const { page } = s;
    const firstName = uniqueName('Wairimu');
    const user = await createUser('student', { firstName });
    await openAdminTab(page, 'users');

    const newest = page.getByRole('region', { name: 'Newest users' });
    const rows = newest.locator('.user-row');
    await until(() => rows.count()).toBe(20); // one page (the seed alone has more users)
    await newest.getByRole('button', { name: 'Load more' }).click();
    await until(() => rows.count()).toBeGreaterThan(20);
    const emails = await rows.locator('.user-email').allInnerTexts();
    expect(new Set(emails).size).toBe(emails.length); // no repeats across pages

    await page.getByLabel('Search users').fill(firstName.slice(0, 10).toUpperCase());
    const found = page.getByRole('region', { name: 'Users found' }).locator('.user-row');
    await until(() => found.allInnerTexts()).toEqual([expect.stringContaining(user.email)]);
    await page.getByLabel('Search users').fill(user.email);
    await until(() => found.allInnerTexts()).toEqual([expect.stringContaining(`${firstName} User`)]);
    await page.getByLabel('Search users').fill('zzzz-nobody');
    await until(() => page.getByText('No user\'s name or e-mail starts with “zzzz-nobody”.').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'user management, no match')).toEqual([]);
  });

  it('Payment Problems shows what to do about a wrong amount, and a super admin marks it resolved with a note', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1800, firstName: uniqueName('Mwalimu') });
    const student = await createUser('student', { firstName: uniqueName('Payer') });
    const [start] = await freeStarts(tutor.userId);
    const { booking } = (await book(student, tutor.userId, start!)).body as { booking: { id: string; amountMinor: number } };
    const init = await api<{ reference: string }>('/api/payments/initialize', { method: 'POST', token: student.accessToken, body: { bookingId: booking.id } });
    const { reference } = init.body;
    const hook = paystackWebhook({ reference, amount: booking.amountMinor - 80_000 });
    expect((await postWebhook(hook.body, hook.signature)).body?.outcome).toBe('amount_mismatch');

    // A failed load says so and offers a retry.
    let failing = true;
    await page.route('**/api/admin/payment-problems*', (route) => (failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal_error","message":"x"}}' })
      : route.continue()));
    await openAdminTab(page, 'payments');
    const section = page.getByRole('region', { name: 'Payment problems' });
    await until(() => section.getByText('Could not load the payment problems.').isVisible(), 30_000).toBe(true);
    failing = false;
    await section.getByRole('button', { name: 'Retry' }).click();

    const row = section.locator('.problem-row', { hasText: reference });
    await until(() => row.isVisible()).toBe(true);
    const text = await row.innerText();
    expect(text).toContain('Amount mismatch');
    expect(text).toContain(student.email);
    // The lesson by name (subject and start in East Africa Time) and its tutor, not the booking's id.
    expect(text).not.toContain(booking.id);
    expect(text).toMatch(/Lesson\s+Mathematics, .+ \(EAT\)/);
    expect(text).toMatch(/Tutor\s+Mwalimu/);
    expect(text).toMatch(/What to do: Check the amount with the payer: they paid KSh 1,000, the booking costs KSh 1,800/);
    expect(await checkAxeOnce(page, 'payment problems')).toEqual([]);

    // In Kiswahili: the section's words from the catalog, the problem's title and what to do from the API's.
    const title = await row.locator('.problem-head strong').innerText();
    const action = (await row.locator('.problem-action').innerText()).replace(/^What to do:\s*/, '');
    await switchToKiswahili(page);
    const swRow = page.getByRole('region', { name: adminSw['problems.title'] }).locator('.problem-row', { hasText: reference });
    await until(() => swRow.isVisible(), 30_000).toBe(true);
    const swText = await swRow.innerText();
    expect(swText).toContain(adminSw['problems.kind.amount_mismatch']);
    expect(swText).toContain(inLanguage(title, 'sw'));
    expect(inLanguage(action, 'sw')).not.toBe(action);
    expect(swText).toContain(`${adminSw['problems.whatToDo']}${inLanguage(action, 'sw')}`.replace(/\s+/g, ' '));
    expect(await swRow.getByRole('button', { name: new RegExp(`^${adminSw['problems.markResolved']}`) }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await until(() => page.evaluate(() => document.documentElement.lang)).toBe('en');

    await row.getByRole('button', { name: /^Mark resolved/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark payment problem resolved' });
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await until(() => dialog.getByText('Add a note: what was done').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'resolve payment problem dialog')).toEqual([]);
    await dialog.getByLabel('What was done').fill('Called the payer; refunded KSh 1,000 in Paystack');
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await until(() => page.getByText('Marked as resolved.').first().isVisible()).toBe(true);
    await until(() => row.count()).toBe(0);
  });

  it('the super admin dashboard lists today\'s paid lessons with who joined', async () => {
    const { page } = s;
    const firstName = uniqueName('Learner');
    const student = await createUser('student', { firstName });
    const { booking } = await paidLesson({ student });
    // The lesson moved to now (bookable hours may not fall today), with the student in the room.
    const now = new Date();
    const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    await moveLesson(booking.id, start);
    const { doc, name } = table();
    await doc.send(new PutCommand({ TableName: name, Item: attendanceItem(booking.id, {
      userId: student.userId, name: `${firstName} User`, role: 'attendee', joinedAt: now.toISOString(),
    }) }));
    // A payout Paystack failed without a reason of its own (as the transfer webhook leaves it).
    const payeeName = uniqueName('Payee');
    const payee = await createUser('tutor', { firstName: payeeName });
    const at = now.toISOString();
    await doc.send(new PutCommand({ TableName: name, Item: payoutPut({
      reference: `payout_${uniqueName('e2e')}`, tutorId: payee.userId, amountMinor: 170_000, status: 'failed', trigger: 'withdraw',
      recipientCode: 'RCP_e2e', attempt: 1, createdAt: at, updatedAt: at, failedAt: at, failureReason: transferMessages.failed,
    }).Put.Item }));

    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    const card = page.getByRole('region', { name: 'Lessons Today (East Africa Time, EAT)' });
    const row = card.locator('tr', { hasText: `${firstName} User` }).first();
    await until(() => row.isVisible()).toBe(true);
    const text = await row.innerText();
    expect(text).toContain('Mathematics (60 min)');
    // Total Revenue says what it counts.
    expect(await page.getByText('Everything students paid for lessons and courses, less refunds; tutors\' shares included.').isVisible()).toBe(true);
    await page.locator('.admin-counters').screenshot({ path: '.local/admin-counters-390.png' });
    expect(text).toContain('Confirmed');
    expect(text).toMatch(new RegExp(`${firstName} User \\(student\\)`));
    // The times are the heading's: East Africa Time, whatever the browser's own zone.
    expect(text).toContain(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit' }).format(new Date(start)));

    // In Kiswahili: headings, states and roles from the catalogs.
    await switchToKiswahili(page);
    const swRow = page.getByRole('region', { name: 'Masomo ya Leo (Saa za Afrika Mashariki, EAT)' }).locator('tr', { hasText: `${firstName} User` }).first();
    await until(() => swRow.isVisible()).toBe(true);
    const swText = await swRow.innerText();
    expect(swText).toContain('Hisabati (dakika 60)');
    expect(swText).toContain('Imethibitishwa');
    expect(swText).toMatch(new RegExp(`${firstName} User \\(mwanafunzi\\)`));
    // The failed payouts: the list's words from the catalog, the reason from the API's.
    const payouts = page.getByRole('region', { name: ledgerSw['admin.title'] });
    const payoutRow = payouts.locator('tr', { hasText: `${payeeName} User` });
    await until(() => payoutRow.isVisible()).toBe(true);
    expect(await payouts.getByRole('heading', { name: ledgerSw['admin.failed'] }).isVisible()).toBe(true);
    expect(await payouts.locator('thead').first().innerText()).toMatch(
      new RegExp([ledgerSw['admin.tutor'], ledgerSw['admin.amount'], ledgerSw['admin.when'], ledgerSw['admin.reason'], ledgerSw['admin.action']].join('\\s+')));
    const payoutText = await payoutRow.innerText();
    expect(payoutText).toContain(inLanguage(transferMessages.failed, 'sw'));
    expect(payoutText).toContain('KSh 1,700');
    expect(await payoutRow.getByRole('button', { name: new RegExp(`^${ledgerSw['admin.retry']}`) }).isVisible()).toBe(true);
    // On a phone the table scrolls sideways in its own box: a region the keyboard reaches too.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await payouts.getByRole('region', { name: ledgerSw['admin.failed'] }).evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await checkAxeOnce(page, 'failed payouts on a phone')).toEqual([]);
    if (desktop) await page.setViewportSize(desktop);
    if (process.env.ALP_SCREENSHOTS) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/super-admin-dashboard');
        await until(() => swRow.isVisible()).toBe(true);
        await page.waitForLoadState('networkidle');
        await shot(page, `admin-overview-sw-${width}`);
        for (const tab of ['kyc', 'users', 'analytics', 'payments', 'transactions']) {
          await page.goto(`/admin-dashboard?tab=${tab}`);
          await page.getByRole('heading', { name: 'Dashibodi ya Msimamizi', level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          await shot(page, `admin-${tab}-sw-${width}`);
        }
      }
    }
    await page.evaluate(() => localStorage.setItem('alp.language', 'en'));
    // Signed in, the device's Kiswahili was saved to the demo admin's profile: give it back English,
    // which every later test that signs the demo admin in reads.
    const admin = await signInDemoAdmin();
    expect((await callApi('updateMyProfile', { token: admin.accessToken, body: { language: 'en' } })).status).toBe(200);
  });
});
