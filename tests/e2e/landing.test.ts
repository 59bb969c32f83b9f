/**
 * The landing page as a visitor meets it (signed out, on a phone): quotes only real reviews whose
 * authors consented (first name only; seeded demo reviews), none of the prototype's invented
 * testimonials; the tutor rate range the server allows; "Try AI Learning" says why sign-in is
 * asked; "Explore Skills" and each skill chip open the public catalogue's Skills courses for that skill.
 *
 * ALP_SCREENSHOTS=1 also saves the page at 390 and 1280 px to .local/screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import landing from '../../frontend/src/features/landing/i18n/en.json' with { type: 'json' };
import { MAX_HOURLY_RATE, MIN_HOURLY_RATE } from '../../functions/tutors/catalog.js';
import { demoReviews } from '../../infra/local/demo/reviews.js';
import { checkAxeOnce } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

async function shot(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `.local/screens/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `.local/screens/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
}

describe('the landing page, signed out', () => {
  const s = useBrowser();

  it('quotes consenting reviewers only, by first name, and the real rate range; no invented testimonial', async () => {
    const { page } = s;
    await page.goto('/');
    // The quotes are asked for as their place nears the screen, as a visitor scrolls down.
    await page.locator('#career-title').scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: landing['stories.title'] }).waitFor();
    const quotes = await page.locator('.testimonial').allInnerTexts();
    expect(quotes.length).toBeGreaterThan(0);
    const consenting = demoReviews.filter((r) => r.consent);
    for (const quote of quotes) {
      const source = consenting.find((r) => quote.includes(r.comment));
      expect(source, quote).toBeDefined();
      expect(quote).toContain(source!.firstName);
      expect(quote).not.toContain(source!.lastName);
    }
    const body = await page.locator('body').innerText();
    for (const review of demoReviews.filter((r) => !r.consent)) expect(body).not.toContain(review.comment);
    for (const invented of ['Amina Wanjiru', 'Chinedu Okafor', 'Grace Achieng', 'D+ to a B+']) expect(body).not.toContain(invented);

    const range = `KSh ${MIN_HOURLY_RATE.toLocaleString('en-US')} to ${MAX_HOURLY_RATE.toLocaleString('en-US')}`;
    expect(range).toBe('KSh 200 to 50,000');
    expect(await page.locator('.earn').innerText()).toBe(`Set your own rate: ${range} per hour`);
    expect(body).not.toContain('500–2000');

    // Why AI Learning asks a visitor to sign in, before they click.
    expect(await page.getByText(landing['hero.aiNote']).isVisible()).toBe(true);
    // The hero's four figures start on one line on a phone, the M-Pesa card's too.
    const tops = await page.locator('.stat dd').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set([tops[0], tops[1]]).size).toBe(1);
    expect(new Set([tops[2], tops[3]]).size).toBe(1);
    expect(await checkAxeOnce(page, 'landing')).toEqual([]);
    await shot(page, 'landing');
  });

  it('Explore Skills and every skill chip open the public catalogue, filtered, without signing in', async () => {
    const { page } = s;
    await page.goto('/');
    await page.getByRole('link', { name: landing['career.explore'] }).click();
    await page.waitForURL((url) => url.pathname === '/course-dashboard' && url.searchParams.get('category') === 'Skills');
    await page.locator('.course-card').first().waitFor();

    const chips = ['skill.programming', 'skill.dataAnalysis', 'skill.digitalMarketing', 'skill.graphicDesign', 'skill.financialLiteracy', 'skill.publicSpeaking'] as const;
    for (const chip of chips) {
      const name = landing[chip];
      await page.goto('/');
      await page.getByRole('list', { name: landing['career.skillsLabel'] }).getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/course-dashboard' && url.searchParams.get('category') === 'Skills');
      expect(new URL(page.url()).searchParams.get('q')).toBe(name.toLowerCase());
      // A course of that skill is listed (the seed has one for each).
      await until(() => page.locator('.course-card', { hasText: name }).count()).toBeGreaterThan(0);
    }
    expect(new URL(page.url()).pathname).not.toBe('/auth');
  });
});
