/**
 * Support for a family on a phone: the super admin finds a household by the parent's e-mail on
 * the Households tab (each child's grade and curriculum, the consent record, the lessons booked),
 * is told the search is audited, and sees their own read in the privacy audit; in English and in
 * Kiswahili. An unknown e-mail says so.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk, signInDemoAdmin } from '../support/api.js';
import { signInDemoAdminThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts } from '../support/fixtures.js';

const search = (page: Page, name: string) => page.locator('.household-search').getByRole('button', { name, exact: true });
const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

describe('admin households', () => {
  const s = useBrowser();

  it('finds a household by e-mail with each child, their consent and lessons, and the read appears in the audit (EN and SW, 390 px)', async () => {
    const { page } = s;
    // A name no other test gives, so the audit rows counted below are this household's alone
    // (the audit list holds every test's reads and moderation actions).
    const first = `Wanjiru${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const parent = await createUser('parent', { firstName: first });
    const amani = (await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
    }), 'add')).learner;
    await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Zawadi', lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] },
    }), 'add');
    const tutor = await bookableTutor();
    expect((await book(parent, tutor.userId, (await freeStarts(tutor.userId))[0]!, 60, { learnerId: amani.id })).status).toBe(201);

    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await page.goto('/admin-dashboard?tab=households');
    await until(() => page.getByRole('tab', { name: 'Households' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.household-audited').innerText()).toContain('recorded in the privacy audit');

    await page.getByLabel("Parent's e-mail").fill('nobody-at-all@example.com');
    await search(page, 'Search').click();
    await until(() => page.getByText('No parent account uses nobody-at-all@example.com.').isVisible()).toBe(true);

    await page.getByLabel("Parent's e-mail").fill(parent.email);
    await search(page, 'Search').click();
    await until(() => page.getByRole('heading', { name: `Parent: ${first} User` }).isVisible()).toBe(true);
    const amaniCard = page.getByRole('listitem', { name: 'Amani' });
    const zawadiCard = page.getByRole('listitem', { name: 'Zawadi' });
    const amaniText = await amaniCard.innerText();
    expect(amaniText).toContain('Grade 7');
    expect(amaniText).toMatch(/Lessons booked\s*1/);
    expect(amaniText).toMatch(/Consent: added by the parent, privacy policy v1, /);
    const zawadiText = await zawadiCard.innerText();
    expect(zawadiText).toContain('Form 4');
    expect(zawadiText).toMatch(/Lessons booked\s*0/);
    expect(zawadiText).not.toContain('Mwangi'); // first names only

    // The admin's own read, at the top of the audit, names the household.
    const audit = page.locator('.audit-row', { hasText: `${first} User` }).first();
    await until(() => audit.isVisible()).toBe(true);
    expect(await audit.innerText()).toContain('Household viewed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/admin-households-390.png', fullPage: true });

    await page.getByRole('button', { name: 'SW', exact: true }).click();
    const admin = await signInDemoAdmin();
    try {
      await until(async () => (await callApi('getMe', { token: admin.accessToken })).body.profile.language).toBe('sw');
      await page.goto('/admin-dashboard?tab=households');
      await until(() => page.getByRole('heading', { name: 'Tafuta familia' }).isVisible()).toBe(true);
      expect(await page.locator('.household-audited').innerText()).toContain('ukaguzi wa faragha');
      await page.getByLabel('Barua pepe ya mzazi').fill(parent.email);
      await search(page, 'Tafuta').click();
      await until(() => page.getByRole('heading', { name: `Mzazi: ${first} User` }).isVisible()).toBe(true);
      const zawadiSw = await page.getByRole('listitem', { name: 'Zawadi' }).innerText();
      expect(zawadiSw).toContain('Kidato cha 4');
      expect(zawadiSw).toContain('Idhini: aliongezwa na mzazi');
      // Two reads of this household now: the English one and this one.
      await until(() => page.locator('.audit-row', { hasText: `${first} User` }).count()).toBe(2);
      expect(await page.locator('.audit-row', { hasText: `${first} User` }).first().innerText()).toContain('Familia ilitazamwa');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      // Later tests sign the demo admin in and read English.
      expect((await callApi('updateMyProfile', { token: admin.accessToken, body: { language: 'en' } })).status).toBe(200);
    }
  });
});
