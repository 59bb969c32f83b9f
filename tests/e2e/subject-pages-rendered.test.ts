/**
 * A subject page's rendered HTML (functions/sitepages/subject-service.ts; `npm start` renders the pages
 * the seeded tutors are on): before any script runs it lists the page's tutors (names, rate) with the
 * ItemList JSON-LD, in English and at `?lang=sw` in Kiswahili; with scripts the app takes it over in
 * place without an error. Phone width (390 px).
 */
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api.js';
import { useBrowser, watchHydration } from '../support/browser.js';
import en from '../../frontend/src/features/tutors/subject-page/i18n/en.json' with { type: 'json' };
import sw from '../../frontend/src/features/tutors/subject-page/i18n/sw.json' with { type: 'json' };

type Card = { id: string; firstName: string; lastName: string; hourlyRate: number };

describe("a subject page's rendered HTML", () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('lists the tutors with JavaScript off, in English and in Kiswahili, with an ItemList of their pages', async () => {
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto('/tutors/mathematics');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(en.title.replace('{subject}', 'Mathematics'));
      const record = JSON.parse((await page.locator('#alp-record').textContent())!) as { data: { pages: Array<{ tutors: Card[] }> } };
      const tutors = record.data.pages[0]!.tutors;
      expect(tutors.length).toBeGreaterThan(0);
      expect(await page.locator('.tutor-grid > li').count()).toBe(tutors.length);
      for (const tutor of tutors) {
        // Other tests' tutors teach Mathematics too, several under the same name.
        expect(await page.getByRole('heading', { name: `${tutor.firstName} ${tutor.lastName}` }).first().isVisible()).toBe(true);
      }
      expect(await page.locator('body').textContent()).toContain(tutors[0]!.hourlyRate.toLocaleString('en-KE'));
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, any>;
      expect(jsonLd['@type']).toBe('ItemList');
      expect(jsonLd.itemListElement[0].url).toBe(`${baseUrl()}/tutor-profile/${tutors[0]!.id}`);

      await page.goto('/tutors/mathematics?lang=sw');
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(sw.title.replace('{subject}', 'Hisabati'));
      expect(await page.locator('.tutor-grid > li').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('hydrates in place without a console error', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 390, height: 844 });
    const watch = await watchHydration(page, '.tutor-grid > li');
    await page.goto('/tutors/mathematics');
    expect(await page.locator('#alp-record').count()).toBe(1);
    // Taken over in place: the card the HTML painted is the app's.
    expect(await watch.takenOverInPlace()).toBe(true);
    expect(watch.errors).toEqual([]);
    expect(watch.rerendered).toEqual([]);
  });
});
