/**
 * Super admin screens in the browser (phone viewport): finding users by name or e-mail with
 * "Load more", and the payment problems that need someone to act.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/seed.js';
import { createUser } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

/** A name nobody else has. */
const uniqueName = (label: string) => `${label}${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

async function openAdminTab(page: Page, tab: string) {
  await signInThroughUi(page, demoAccounts.admin.email, DEMO_PASSWORD);
  await page.waitForURL('**/super-admin-dashboard');
  await page.goto(`/admin-dashboard?tab=${tab}`);
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
  });
});
