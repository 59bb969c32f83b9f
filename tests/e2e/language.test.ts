/**
 * English and Kiswahili: the switcher in the header turns the page into the chosen
 * language, checked against the catalogs (not by eye); the choice stays on the device, follows a
 * signed-in user in their profile, and a first visit follows the browser's language.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, callApi, createUser } from '../support/api.js';
import { SignUpRequest } from '../../functions/auth/contract.js';
import { zodMessagesIn } from '../../functions/shared/zod-messages.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

type Catalog = Record<string, string>;
const catalog = (folder: string, language: string) =>
  JSON.parse(readFileSync(`frontend/src/${folder}/i18n/${language}.json`, 'utf8')) as Catalog;
const landing = { en: catalog('features/landing', 'en'), sw: catalog('features/landing', 'sw') };
const browseSw = catalog('features/tutors/browse', 'sw');
const studentsSw = catalog('features/students', 'sw');
const catalogueSw = catalog('features/courses', 'catalogue.sw');
/** What the landing page shows: its own messages and the shared frame's (header, skip link). */
const shown = {
  en: { ...catalog('shared/ui', 'en'), ...landing.en },
  sw: { ...catalog('shared/ui', 'sw'), ...landing.sw },
};

/** Keys of the messages a page shows, by their text (lower case: CSS upper-cases some labels, and
 * innerText reports them so). Messages with placeholders, and those that read the same in both
 * languages (KYC, M-Pesa, the brand), say nothing about the language shown. */
const shownKeys = (text: string, language: 'en' | 'sw') => Object.entries(shown[language])
  .filter(([key, message]) => !/[{<]/.test(message) && message !== shown[language === 'en' ? 'sw' : 'en'][key])
  .filter(([, message]) => text.includes(message.toLowerCase()))
  .map(([key]) => key);

/** What a reader or a screen reader gets: the visible text and the labels. */
const pageText = (page: Page) => page.evaluate(() => [
  document.body.innerText,
  ...[...document.querySelectorAll('[aria-label], [title], [alt]')].flatMap((el) => ['aria-label', 'title', 'alt'].map((name) => el.getAttribute(name) ?? '')),
].join('\n'));
const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('English and Kiswahili', () => {
  const s = useBrowser();

  it('a visitor switches the landing page to Kiswahili: every text from the Kiswahili catalog, kept after a reload', async () => {
    const { page } = s;
    await page.goto('/');
    await page.locator('h1', { hasText: landing.en['hero.title']! }).waitFor();
    expect(await lang(page)).toBe('en');
    const english = (await pageText(page)).toLowerCase();
    const keys = shownKeys(english, 'en');
    expect(keys.length).toBeGreaterThan(60);

    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await page.locator('h1', { hasText: landing.sw['hero.title']! }).waitFor();
    expect(await lang(page)).toBe('sw');
    const text = (await pageText(page)).toLowerCase();
    for (const key of keys) {
      expect(text, `"${key}" in Kiswahili`).toContain(shown.sw[key]!.toLowerCase());
      // Single words may stand elsewhere on the page ("English" in the switcher); sentences may not.
      if (shown.en[key]!.split(' ').length > 2) expect(text, `"${key}" no longer in English`).not.toContain(shown.en[key]!.toLowerCase());
    }
    expect(text).toContain('weka bei yako mwenyewe: ksh 200 hadi 50,000 kwa saa');
    expect(await page.getByRole('group', { name: 'Lugha' }).getByRole('button', { name: 'SW', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await page.locator('h1', { hasText: landing.sw['hero.title']! }).waitFor();
    expect(await lang(page)).toBe('sw');
    // Other pages offer the switch too, in the chosen language.
    await page.goto('/auth');
    expect(await page.getByRole('group', { name: 'Lugha' }).getByRole('button', { name: 'SW', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // The prerendered (English) browse page is rendered afresh in Kiswahili.
    await page.goto('/browse-tutors');
    await page.locator('h1', { hasText: browseSw['heading']! }).waitFor();
  });

  it('a first visit follows the browser’s language, from the first paint: the HTML itself is Kiswahili', async () => {
    // Before any script runs (a slow phone): the prerendered page in the browser's language.
    const htmlOnly = await s.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'sw-KE', javaScriptEnabled: false });
    try {
      const page = await htmlOnly.newPage();
      await page.goto('/');
      expect(await page.locator('h1').textContent()).toBe(landing.sw['hero.title']);
      expect(await lang(page)).toBe('sw');
      await page.goto('/course-dashboard');
      expect(await page.locator('h1').textContent()).toBe(catalogueSw['title']);
      expect(await page.getByRole('button', { name: catalogueSw['category.all']! }).isVisible()).toBe(true);
      expect(await lang(page)).toBe('sw');
    } finally {
      await htmlOnly.close();
    }
    // First visits: the app's service worker would answer the second page with the plain shell.
    const context = await s.context.browser()!.newContext({
      baseURL: baseUrl(), locale: 'sw-KE', viewport: { width: 1280, height: 800 }, serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      const rerendered: string[] = [];
      page.on('console', (message) => {
        if (/Prerendered markup re-rendered|hydrat/i.test(message.text())) rerendered.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
        });
      });
      const hydrated = () => page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$')));
      const keptHeading = () => page.evaluate(() => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1'));
      await page.goto('/');
      await page.locator('h1', { hasText: landing.sw['hero.title']! }).waitFor();
      expect(await lang(page)).toBe('sw');
      expect(await page.getByRole('group', { name: 'Lugha' }).getByRole('button', { name: 'SW', exact: true }).getAttribute('aria-pressed')).toBe('true');
      // The app took the Kiswahili HTML over in place (the painted heading is the app's): it matched what the app renders.
      await hydrated();
      expect(await keptHeading()).toBe(true);
      // The catalogue too, its courses (prefetched while the Kiswahili catalogs loaded) shown after.
      await page.goto('/course-dashboard');
      await hydrated();
      expect(await page.locator('h1').textContent()).toBe(catalogueSw['title']);
      expect(await keptHeading()).toBe(true);
      await page.locator('.course-card:not(.skeleton-card)').first().waitFor();
      expect(rerendered).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a signed-in user’s choice is saved in their profile and follows them to another device', async () => {
    const student = await createUser('student', { firstName: 'Neema' });
    const { page } = s;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL(/student-dashboard/);
    await page.goto('/');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await page.locator('h1', { hasText: landing.sw['hero.title']! }).waitFor();
    await expect.poll(async () => (await callApi('getMe', { token: student.accessToken })).body.profile.language).toBe('sw');

    // Another device, English by its browser and its own storage: the profile's language wins once signed in.
    const other = await s.another();
    await signInThroughUi(other.page, student.email, student.password);
    await other.page.waitForURL(/student-dashboard/);
    await other.page.getByText(studentsSw['lead']!).waitFor();
    await other.page.goto('/');
    await other.page.locator('h1', { hasText: landing.sw['hero.title']! }).waitFor();
    expect(await lang(other.page)).toBe('sw');
  });
  it('a toast shown in English goes when the reader switches to Kiswahili, rather than stay in the language they left', async () => {
    const student = await createUser('student', { firstName: 'Neema' });
    const { page } = s;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL(/student-dashboard/);
    const toast = page.locator('.toast', { hasText: 'Successfully logged in!' });
    await toast.waitFor();
    await toast.hover(); // its countdown waits while the pointer is on it
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    await page.getByText(studentsSw['lead']!).waitFor();
    expect(await page.locator('.toast').count()).toBe(0);
  });

  it('the language chosen on the sign-in page wins over the profile’s and is saved to it', async () => {
    const authSw = catalog('features/auth', 'sw');
    // An account created in English.
    const student = await createUser('student', { firstName: 'Baraka' });
    await callApi('updateMyProfile', { token: student.accessToken, body: { language: 'en' } });
    const { page } = s;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await expect.poll(() => lang(page)).toBe('sw');
    await page.getByLabel(authSw['field.email']!).fill(student.email);
    await page.getByLabel(authSw['field.password']!, { exact: true }).fill(student.password);
    await page.getByRole('button', { name: authSw['tab.signin']!, exact: true }).click();
    await page.waitForURL(/student-dashboard/);
    await page.getByText(studentsSw['lead']!).waitFor();
    await expect.poll(async () => (await callApi('getMe', { token: student.accessToken })).body.profile.language).toBe('sw');
    // Still Kiswahili once the profile has been read again (a reload).
    await page.reload();
    await page.getByText(studentsSw['lead']!).waitFor();
    expect(await lang(page)).toBe('sw');
  });
  it('a form’s errors follow a switch of language, zod’s own messages too', async () => {
    const { page } = s;
    await page.goto('/auth');
    await page.locator('#tab-signup').click();
    // The country has no message of its own in the contract: zod writes it, in the language of the moment.
    const longCountry = 'K'.repeat(61);
    const zodSays = (language: 'en' | 'sw') => SignUpRequest.shape.country.safeParse(longCountry, zodMessagesIn(language)).error?.issues[0]?.message;
    expect(zodSays('en')).not.toBe(zodSays('sw'));
    await page.locator('#signup-country').fill(longCountry);
    await page.locator('#signup-password').focus();
    const countryError = page.locator('#signup-country-error');
    await expect.poll(() => countryError.textContent()).toBe(zodSays('en'));

    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await expect.poll(() => lang(page)).toBe('sw');
    await expect.poll(() => countryError.textContent()).toBe(zodSays('sw'));

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect.poll(() => countryError.textContent()).toBe(zodSays('en'));
  });
  it('a file picker speaks the page’s language, not the browser’s', async () => {
    const kycSw = catalog('features/kyc', 'sw');
    const fileSw = catalog('shared/ui', 'file.sw');
    const tutor = await createUser('tutor', { firstName: 'Zawadi' });
    await callApi('updateMyProfile', { token: tutor.accessToken, body: { language: 'sw' } });
    const { page } = s;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL(/tutor-dashboard/);
    await page.goto('/tutor-dashboard?tab=kyc');
    const input = page.getByLabel(kycSw['form.file']!);
    const picker = page.locator('.kyc-form .file-picker');
    await until(() => picker.innerText()).toBe(`${fileSw['choose']}\n${fileSw['none']}`);
    await input.setInputFiles({ name: 'kitambulisho.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await until(() => picker.locator('.file-picker-name').innerText()).toBe('kitambulisho.png');
  });
});
