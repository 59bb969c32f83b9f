/**
 * The super admin's user list in Kiswahili: each row's role and KYC state in the page's language
 * (they read "Tutor" and "KYC approved" on the Kiswahili page).
 */
import { describe, expect, it } from 'vitest';
import { callApi, signInDemoAdmin } from '../support/api.js';
import { signInDemoAdminThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

describe('admin users in Kiswahili', () => {
  const s = useBrowser();

  it('names a verified tutor’s role and KYC state in Kiswahili', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ firstName: 'Zawadi' }); // KYC approved
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
    } finally {
      // Later tests sign the demo admin in and read English.
      expect((await callApi('updateMyProfile', { token: admin.accessToken, body: { language: 'en' } })).status).toBe(200);
    }
  });
});
