/**
 * The super admin's lists in Kiswahili: each user's role and KYC state, and the subject of the
 * lesson a payment was for, in the page's language (they read "Tutor", "KYC approved" and
 * "Mathematics" on the Kiswahili page).
 */
import { describe, expect, it } from 'vitest';
import { callApi, createUser, signInDemoAdmin } from '../support/api.js';
import { signInDemoAdminThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, paidLesson } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

describe('admin users in Kiswahili', () => {
  const s = useBrowser();

  it('names a verified tutor’s role and KYC state, and a paid lesson’s subject, in Kiswahili', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ firstName: 'Zawadi' }); // KYC approved
    const student = await createUser('student', { firstName: 'Neema' });
    await paidLesson({ tutor, student }); // Mathematics
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    const admin = await signInDemoAdmin();
    try {
      await until(async () => (await callApi('getMe', { token: admin.accessToken })).body.profile.language).toBe('sw');
      await page.goto('/admin-dashboard?tab=users');
      await page.getByLabel('Tafuta watumiaji').fill(tutor.email);
      const row = page.locator('.user-row', { hasText: tutor.email });
      await until(() => row.isVisible()).toBe(true);
      const badges = await row.locator('.user-badges').innerText();
      expect(badges).toContain('Mwalimu');
      expect(badges).toContain('KYC imeidhinishwa');
      expect(badges).not.toMatch(/Tutor|approved/);

      await page.goto('/admin-dashboard?tab=transactions');
      const payment = page.locator('tr', { hasText: 'Zawadi' }).first();
      await until(() => payment.isVisible()).toBe(true);
      expect(await payment.innerText()).toContain('Hisabati');
      expect(await payment.innerText()).not.toContain('Mathematics');
    } finally {
      // Later tests sign the demo admin in and read English.
      expect((await callApi('updateMyProfile', { token: admin.accessToken, body: { language: 'en' } })).status).toBe(200);
    }
  });
});
