/**
 * A course's own page (functions/sitepages; `npm start` renders the seeded published courses' pages):
 * before any script runs it shows the course's title, tutor and price and carries the link preview and
 * the Course JSON-LD, in English and at `?lang=sw` in Kiswahili; with scripts the app takes it over in
 * place without an error. Phone width (390 px).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, callApi, expectOk } from '../support/api.js';
import { useBrowser, watchHydration } from '../support/browser.js';

async function seededCourse() {
  const { courses } = await expectOk(callApi('browseCourses', { query: { limit: 12 } }), 'catalogue');
  // A seeded one: rendered when the stack started (a course another test publishes is rendered by the consumer a moment later).
  return courses.at(-1)!;
}

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');

describe("a course's own page", () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('shows the course, its tutor and price and the link preview with JavaScript off; ?lang=sw is in Kiswahili', async () => {
    const course = await seededCourse();
    const tutor = `${course.tutor.firstName} ${course.tutor.lastName}`;
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`/courses/${course.id}`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(course.title);
      const body = await page.locator('body').textContent();
      expect(body).toContain(`by ${tutor}`);
      expect(body).toContain(course.price ? course.price.toLocaleString('en-KE') : 'Free');
      expect(await meta(page, 'og:title')).toBe(course.title);
      expect(await meta(page, 'og:image')).toBe(`${baseUrl()}/share/course/${course.id}.png`);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, any>;
      expect([jsonLd['@type'], jsonLd.name, jsonLd.provider.name, jsonLd.offers.priceCurrency]).toEqual(['Course', course.title, tutor, 'KES']);
      const card = await page.request.get(`/share/course/${course.id}.png`);
      expect([card.status(), card.headers()['content-type']]).toEqual([200, 'image/png']);

      await page.goto(`/courses/${course.id}?lang=sw`);
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(course.title);
      expect(await page.locator('body').textContent()).toContain(`na ${tutor}`);
      expect(await meta(page, 'og:locale')).toBe('sw_KE');
    } finally {
      await context.close();
    }
  });

  it('hydrates in place without a console error, and Enrol sends a signed-out visitor to sign in', async () => {
    const course = await seededCourse();
    const { page } = s;
    await page.setViewportSize({ width: 390, height: 844 });
    const watch = await watchHydration(page, 'h1');
    await page.goto(`/courses/${course.id}`);
    // Rendered by the consumer, not the shell: the record rides along.
    expect(await page.locator('#alp-record').count()).toBe(1);
    // Taken over in place: the heading the HTML painted is the app's.
    expect(await watch.takenOverInPlace()).toBe(true);
    await page.getByRole('link', { name: 'Sign in to Enrol' }).click();
    await page.waitForURL('**/auth');
    expect(watch.errors).toEqual([]);
    expect(watch.rerendered).toEqual([]);
  });

  it('the catalogue carries its first page of courses in its HTML, in Kiswahili too', async () => {
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      // The newest course (another test may just have published one: the consumer rewrites the catalogue after it).
      await expect.poll(async () => {
        const { courses } = await expectOk(callApi('browseCourses', { query: { limit: 12 } }), 'catalogue');
        await page.goto('/course-dashboard?lang=sw');
        return (await page.locator('.course-card-link').allTextContents()).includes(courses[0]!.title);
      }, { timeout: 30_000 }).toBe(true);
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
      expect(await page.locator('h1').textContent()).toBe('Kozi');
    } finally {
      await context.close();
    }
  });
});
