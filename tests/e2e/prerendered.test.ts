/**
 * Prerendered public pages (issue 9): / and /browse-tutors arrive as HTML that paints before any
 * script runs (a phone on a slow network sees the page while the JavaScript downloads), and the
 * app then takes that markup over in place (hydration) instead of replacing it. Other routes get
 * the empty SPA shell.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api.js';
import { useBrowser } from '../support/browser.js';

const HERO = 'Expert tutors for every learner in Africa';
const BROWSE = 'Find Your Perfect Tutor';

describe('prerendered public pages', () => {
  const s = useBrowser();

  it('paint the landing page and browse from HTML alone; a signed-in page is only the shell', async () => {
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.locator('h1').textContent()).toBe(HERO);
      expect(await page.getByRole('link', { name: 'Find Your Perfect Tutor' }).getAttribute('href')).toBe('/browse-tutors');
      // Styled: the hero's own CSS came with the HTML, not with a script.
      expect(await page.locator('section.hero').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');

      await page.goto('/browse-tutors');
      expect(await page.locator('h1').textContent()).toBe(BROWSE);
      expect(await page.title()).toBe("Browse Tutors · Africa's Learning Platform");
      expect(await page.getByLabel(/search/i).first().isVisible()).toBe(true);

      await page.goto('/student-dashboard');
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('are taken over in place by the app for a signed-out visitor: same nodes, no re-render, links work in the app', async () => {
    const { page } = s;
    const rerendered: string[] = [];
    page.on('console', (message) => {
      if (/Prerendered markup re-rendered|hydrat/i.test(message.text())) rerendered.push(message.text());
    });
    // Remember the heading the HTML painted, before any script of the app has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
      });
    });
    const hydrated = () => page.evaluate(() => {
      const h1 = document.querySelector('h1');
      return Boolean(h1 && Object.keys(h1).some((key) => key.startsWith('__reactFiber$')));
    });
    const sameHeading = () => page.evaluate(() => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1'));

    // What each page downloads, in order: the preloads name no missing file, and the data does not wait for the page's code.
    const seen: string[] = [];
    const missing: string[] = [];
    let tutorsAskedAt = Infinity;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      seen.push(path);
      if (path === '/api/tutors') tutorsAskedAt = Math.min(tutorsAskedAt, Date.now());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().includes('/assets/')) missing.push(response.url());
    });

    // The browse chunk arrives after the tutors (a slow chunk, a fast API): the hydrating render
    // must still match the HTML, not show the tutors already.
    let browseChunkSentAt = 0;
    await page.route(/\/assets\/BrowseTutorsPage-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      browseChunkSentAt = Date.now();
      await route.continue();
    });
    for (const [path, heading] of [['/', HERO], ['/browse-tutors', BROWSE]] as const) {
      seen.length = 0;
      await page.goto(path);
      await expect.poll(hydrated, { timeout: 15_000 }).toBe(true);
      expect(await page.locator('h1').textContent()).toBe(heading);
      expect(await sameHeading(), `${path} kept its prerendered heading`).toBe(true);
      if (path === '/') {
        // The landing page calls no API: the route table and the tutor fetchers stay off its first load.
        expect(seen.filter((p) => /\/assets\/(client|prefetch)-/.test(p))).toEqual([]);
      } else {
        // Browse asks for its tutors while its own chunk is still on the way (no waterfall).
        expect(tutorsAskedAt).toBeLessThan(browseChunkSentAt);
      }
    }
    expect(missing).toEqual([]);
    // The tutors load into the prerendered page.
    await page.locator('.tutor-card:not(.skeleton-card)').first().waitFor();
    expect(rerendered).toEqual([]);

    // A link is handled by the app (no new document: the marker survives).
    await page.goto('/');
    await expect.poll(hydrated, { timeout: 15_000 }).toBe(true);
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    await page.getByRole('link', { name: 'Find Your Perfect Tutor' }).click();
    await page.waitForURL(/\/browse-tutors$/);
    expect(await page.locator('h1').textContent()).toBe(BROWSE);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});
