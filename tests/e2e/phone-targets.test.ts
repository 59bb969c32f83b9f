/**
 * On a 390 px phone: the small controls are full 44 px tap targets (Back to Sign In under the
 * code, every dialog's close button, a course's lesson list), and a super admin on the Kiswahili
 * dashboard reads payment statuses in Kiswahili, each date beside its label, and the tutor of a
 * KYC document by name and e-mail, never an id.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk, signInDemoAdmin, uniqueEmail } from '../support/api.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, paidCourse, paidLesson } from '../support/fixtures.js';
import { PNG, postUpload } from '../support/uploads.js';
import adminSw from '../../frontend/src/features/admin/i18n/sw.json';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
const TAP = 44;

async function size(target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

describe('phone tap targets and the Kiswahili admin dashboard', () => {
  const s = useBrowser();

  it('Back to Sign In under the code and the lessons of a course are at least 44 px tall', async () => {
    const { page } = s;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill('Baraka');
    await page.getByLabel('Last Name').fill('Mutua');
    await page.getByLabel('Email').fill(uniqueEmail('tap'));
    await page.getByLabel('Year of birth').fill('2000');
    await page.getByLabel('Password', { exact: true }).fill('teach-kenya-1');
    await page.getByLabel('Confirm Password').fill('teach-kenya-1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    const back = page.getByRole('button', { name: 'Back to Sign In' });
    await until(() => back.isVisible()).toBe(true);
    expect((await size(back)).height).toBeGreaterThanOrEqual(TAP);
    expect((await size(page.getByRole('button', { name: 'Resend code' }))).height).toBeGreaterThanOrEqual(TAP);

    // The course's owner reads its lessons as a student would.
    const { tutor, course } = await paidCourse();
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto(`/courses/${course.id}`);
    const lessons = page.locator('.course-lesson-pick');
    await until(() => lessons.count()).toBe(2);
    for (const lesson of await lessons.all()) expect((await size(lesson)).height).toBeGreaterThanOrEqual(TAP);
  });

  it('a Kiswahili super admin reads statuses in Kiswahili, dates beside their labels, a tutor\'s e-mail, and closes a dialog with a 44 px button', async () => {
    const { page } = s;
    const payeeName = `Zawadi${Date.now().toString(36)}`;
    const payee = await bookableTutor({ firstName: payeeName });
    await paidLesson({ tutor: payee });
    const applicant = await createUser('tutor', { firstName: `Baraka${Date.now().toString(36)}` });
    const ticket = await expectOk(callApi('createKycUpload', {
      token: applicant.accessToken, body: { fileName: 'id.png', contentType: 'image/png', size: PNG.length },
    }), 'KYC ticket');
    await postUpload(ticket, new Uint8Array(PNG), 'image/png');
    await expectOk(callApi('registerKycDocument', { token: applicant.accessToken, body: { documentType: 'id_card', key: ticket.key } }), 'KYC document');

    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    const admin = await signInDemoAdmin();
    try {
      await until(async () => (await callApi('getMe', { token: admin.accessToken })).body.profile.language).toBe('sw');
      await page.reload();

      const payment = page.locator('tr', { hasText: payeeName }).first();
      await until(() => payment.isVisible()).toBe(true);
      expect(await payment.locator('.status-badge').innerText()).toBe(adminSw['status.success']);
      expect(await payment.innerText()).not.toMatch(/success|Paid/);
      // The lesson's date stays in the value column, right of its label.
      const lessonCell = payment.locator(`td[data-label="${adminSw['transactions.bookingOrCourse']}"]`);
      const [cell, date] = [await lessonCell.boundingBox(), await lessonCell.locator('time').boundingBox()];
      expect(date!.x).toBeGreaterThan(cell!.x + 100);

      const kyc = page.locator('tr', { hasText: applicant.email });
      await until(() => kyc.isVisible()).toBe(true);
      expect(await kyc.innerText()).not.toContain(applicant.userId);

      await payment.getByRole('button', { name: new RegExp(`^${adminSw['transactions.refund']}`) }).click();
      const close = page.getByRole('dialog').getByRole('button', { name: /Funga|Close/ });
      await until(() => close.isVisible()).toBe(true);
      const box = await size(close);
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(TAP);
      await close.click();
      await until(() => page.getByRole('dialog').isVisible()).toBe(false);
    } finally {
      // Later tests sign the demo admin in and read English.
      expect((await callApi('updateMyProfile', { token: admin.accessToken, body: { language: 'en' } })).status).toBe(200);
    }
  });
});
