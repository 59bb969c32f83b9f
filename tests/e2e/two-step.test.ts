/** A newly granted super admin sets up two-step sign-in with a QR code, then signs in with codes. */
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/api.js';
import { superAdminWithoutApp } from '../support/admin-grant.js';
import { checkAxeOnce } from '../support/axe.js';
import { enterTotpCode, signInThroughUi, useBrowser } from '../support/browser.js';
import { freshTotp } from '../support/totp.js';

const until = <T>(probe: () => Promise<T>) => expect.poll(probe, { timeout: 15_000 });
const WRONG_CODE = 'That code is not right. Enter the current 6-digit code from your authenticator app.';
const wrongCodeFor = async (secret: string) => String((Number(await freshTotp(secret)) + 1) % 1_000_000).padStart(6, '0');

describe('two-step sign-in (browser)', () => {
  const s = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('an admin without the app scans the QR code, proves a code, gets the admin pages, and is asked for a code next time', async () => {
    const { page } = s;
    // Enrolled, then switched the app off: the admin pages want it back.
    const user = await superAdminWithoutApp(await createUser('admin', { firstName: 'Zawadi' }));

    // The next sign-in: straight to the set-up, whichever admin page was asked for.
    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL('**/two-step-setup');
    await until(() => page.getByRole('heading', { name: 'Set up two-step sign-in' }).isVisible()).toBe(true);
    // Not "logged in" while a step is owed.
    await until(() => page.getByText('Signed in. One more step to finish setting up your account.').isVisible()).toBe(true);
    expect(await page.getByText('Successfully logged in!').count()).toBe(0);
    await until(() => page.getByRole('img', { name: /QR code to add Africa's Learning Platform/ }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'two-step setup')).toEqual([]);
    const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+$/i);
    expect(await page.getByText(`Account: ${user.email}`).isVisible()).toBe(true);
    await page.goto('/admin-dashboard');
    await page.waitForURL('**/two-step-setup');
    await until(() => page.getByLabel('Setup key').isVisible()).toBe(true);
    const sameSecret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');

    // A wrong code is refused with a clear message; the right one turns it on and opens the page asked for.
    await page.getByLabel('6-digit code').fill(await wrongCodeFor(sameSecret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await until(() => page.getByText(WRONG_CODE).isVisible()).toBe(true);
    await page.getByLabel('6-digit code').fill(await freshTotp(sameSecret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.waitForURL('**/admin-dashboard');
    await until(() => page.getByText(/Two-step sign-in is on/).isVisible()).toBe(true);
    const pendingKyc = page.locator('.admin-counter', { has: page.locator('dt', { hasText: /^Pending KYC$/ }) }).locator('dd').first();
    await until(() => pendingKyc.innerText()).toMatch(/^\d+$/);

    // Next sign-in: password, then a code from the app; a wrong code says so.
    await page.evaluate(() => localStorage.clear());
    await signInThroughUi(page, user.email, user.password);
    await until(() => page.getByRole('heading', { name: 'Two-step sign-in' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'two-step code')).toEqual([]);
    await page.getByLabel('6-digit code').fill(await wrongCodeFor(sameSecret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await until(() => page.getByText(WRONG_CODE).isVisible()).toBe(true);
    await enterTotpCode(page, sameSecret);
    await page.waitForURL('**/super-admin-dashboard');
    await until(() => page.getByRole('heading', { name: 'Super Admin Dashboard' }).isVisible()).toBe(true);
  });
});
