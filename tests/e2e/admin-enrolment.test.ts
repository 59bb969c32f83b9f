/**
 * A super admin grant takes effect only when its new admin enrols: at their next sign-in they enter
 * the enrolment code handed to them, set up an authenticator app, and only then reach the admin pages.
 */
import { describe, expect, it } from 'vitest';
import { api, createUser } from '../support/api.js';
import { grantByDemoAdmin } from '../support/admin-grant.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { freshTotp } from '../support/totp.js';

const until = <T>(probe: () => Promise<T>) => expect.poll(probe, { timeout: 15_000 });

describe('becoming a super admin (browser, 390 px phone)', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('a granted user enters the code, adds an authenticator app and lands on the admin dashboard', async () => {
    const { page } = s;
    const user = await createUser('admin', { firstName: 'Baraka' });
    const code = await grantByDemoAdmin(user.userId);

    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL('**/admin-enrolment');
    await until(() => page.getByRole('heading', { name: 'Become a super admin' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'admin enrolment')).toEqual([]);
    // Admin pages stay closed meanwhile: the role is still the user's own.
    await page.goto('/super-admin-dashboard');
    await until(() => page.getByText('Access Denied').first().isVisible()).toBe(true);
    await page.goto('/dashboard');
    await page.waitForURL('**/admin-enrolment');

    // A wrong code is found out at the end, after the app is on; the right one then finishes at once.
    await page.getByLabel('Enrolment code').fill('AAAA-BBBB-CCCC-DDDD');
    await page.getByRole('button', { name: 'Continue' }).click();
    await until(() => page.getByLabel('Setup key').isVisible()).toBe(true);
    const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
    await page.getByLabel('6-digit code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await until(() => page.getByText(/That enrolment code is not right/).isVisible()).toBe(true);
    await page.getByLabel('Enrolment code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/super-admin-dashboard');
    await until(() => page.getByRole('heading', { name: 'Super Admin Dashboard' }).isVisible()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('in Kiswahili, the enrolment page speaks Kiswahili', async () => {
    const { page } = s;
    const user = await createUser('admin');
    expect((await api('/api/me/profile', { method: 'PATCH', token: user.accessToken, body: { language: 'sw' } })).status).toBe(200);
    const code = await grantByDemoAdmin(user.userId);

    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL('**/admin-enrolment');
    await until(() => page.getByRole('heading', { name: 'Kuwa msimamizi mkuu' }).isVisible()).toBe(true);
    await page.getByLabel('Msimbo wa usajili').fill(code);
    await page.getByRole('button', { name: 'Endelea' }).click();
    await until(() => page.getByRole('heading', { name: 'Weka programu yako ya uthibitishaji' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Si sasa: nenda kwenye dashibodi yangu' }).isVisible()).toBe(true);
  });
});
