/**
 * A tutor's own page (functions/sitepages; `npm start` renders the seeded tutors' pages): before any
 * script runs it shows the tutor's name, subjects and price and carries the link preview (og:title,
 * og:image: the drawn card) and the Person JSON-LD; with scripts the app takes it over without an
 * error and Book works; `?lang=sw` is the Kiswahili page; a tutor who is no longer public answers 410.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, callApi, eventually, expectOk, signInDemoAdmin } from '../support/api.js';
import { useBrowser, watchHydration } from '../support/browser.js';
import { bookableTutor } from '../support/fixtures.js';

async function seededTutor() {
  const { tutors } = await expectOk(callApi('browseTutors', { query: { limit: 5 } }), 'browse');
  const tutor = tutors.find((t) => t.subjects.length > 0)!;
  return tutor;
}

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');

describe("a tutor's own page", () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('shows the tutor, their subjects and price and the link preview with JavaScript off; ?lang=sw is in Kiswahili', async () => {
    const tutor = await seededTutor();
    const name = `${tutor.firstName} ${tutor.lastName}`;
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`/tutor-profile/${tutor.id}`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(name);
      const body = await page.locator('body').innerText();
      expect(body).toContain(tutor.subjects[0]);
      expect(body).toContain(tutor.hourlyRate.toLocaleString('en-KE'));
      // The booking card's first line is in the HTML too (named in the tutor's zone until the page runs), so it is painted with the page.
      expect(body).toMatch(/Times shown in \S+ \(your time zone\)/);
      expect(await meta(page, 'og:title')).toBe(name);
      expect(await meta(page, 'og:image')).toBe(`${baseUrl()}/share/tutor/${tutor.id}.png`);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@type': string; name: string };
      expect([jsonLd['@type'], jsonLd.name]).toEqual(['Person', name]);
      // The card the preview shows is there.
      const card = await page.request.get(`/share/tutor/${tutor.id}.png`);
      expect([card.status(), card.headers()['content-type']]).toEqual([200, 'image/png']);

      await page.goto(`/tutor-profile/${tutor.id}?lang=sw`);
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(name);
      expect(await meta(page, 'og:locale')).toBe('sw_KE');
    } finally {
      await context.close();
    }
  });

  it('hydrates without a console error, and Book sends a signed-out visitor to sign in', async () => {
    const tutor = await seededTutor();
    const { page } = s;
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/tutor-profile/${tutor.id}`);
    // Rendered by the consumer, not by the shell: the record rides along.
    expect(await page.locator('#alp-record').count()).toBe(1);
    // The times come with the page running (an API call after hydration): then Book is live.
    await page.locator('.date-button').first().waitFor();
    await page.getByRole('button', { name: 'Book Session Now' }).click();
    await page.waitForURL('**/auth');
    expect(errors).toEqual([]);
  });

  it('a link naming Kiswahili (?lang=sw, the hreflang alternate) stays in Kiswahili once the app runs, in an English browser', async () => {
    const tutor = await seededTutor();
    const { page } = s;
    const watch = await watchHydration(page, 'h1');
    await page.goto(`/tutor-profile/${tutor.id}?lang=sw`);
    expect(await watch.takenOverInPlace()).toBe(true);
    await page.locator('.date-button').first().waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Weka nafasi ya kipindi' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    expect(watch.rerendered).toEqual([]);
    // Choosing English then is the visitor's choice: the link's language leaves the address, so a reload keeps English.
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Book a session' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBeNull();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Book a session' }).waitFor();
  });

  it('answers 410 for a tutor who is no longer public', async () => {
    const tutor = await bookableTutor();
    const admin = await signInDemoAdmin();
    await expectOk(callApi('setUserSuspension', { token: admin.accessToken, params: { userId: tutor.userId }, body: { suspended: true, reason: 'Fake certificates' } }), 'suspend');
    await eventually(async () => (await fetch(`${baseUrl()}/tutor-profile/${tutor.userId}`)).status === 410, 30_000);
    const response = await s.page.goto(`/tutor-profile/${tutor.userId}`);
    expect(response?.status()).toBe(410);
  });
});
