/**
 * Field measurement as a visitor's browser sends it: a sampled visit to a tutor's profile posts
 * one beacon (once, however often the page is hidden) when the visitor leaves, with the page type (not the URL), the Core Web Vitals
 * measured and the connection, which the API takes (204); a visit not sampled sends none.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RumBeacon } from '../../functions/rum/contract.js';
import { useBrowser } from '../support/browser.js';
import { bookableTutor } from '../support/fixtures.js';

/** The visitor switches to another app: the page is hidden (what a phone does far more often than closing it). */
const hide = (page: Page) => page.evaluate(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
});

describe('field measurement', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('a sampled visit to a tutor profile sends one beacon as it is hidden, once, which the API takes', async () => {
    const { page, context } = s;
    const tutor = await bookableTutor({ firstName: 'Achieng' });
    await context.addInitScript(() => localStorage.setItem('alp.rum', 'all'));
    const beacons: Array<{ body: string; status: Promise<number | undefined> }> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/rum') beacons.push({ body: request.postData() ?? '', status: request.response().then((r) => r?.status()) });
    });

    await page.goto(`/tutor-profile/${tutor.userId}`);
    await expect.poll(() => page.getByRole('heading', { name: /Achieng/ }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.mouse.click(195, 700);
    expect(beacons).toEqual([]);
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/rum');
    await hide(page);
    await sent;
    await hide(page);
    await page.waitForTimeout(300);

    expect(beacons).toHaveLength(1);
    const beacon = RumBeacon.parse(JSON.parse(beacons[0]!.body));
    expect(beacon.page).toBe('tutor_profile');
    expect(beacon.metrics.map((m) => m.name)).toEqual(expect.arrayContaining(['LCP', 'TTFB']));
    expect(beacons[0]!.body).not.toContain(tutor.userId);
    expect(await beacons[0]!.status).toBe(204);
  });

  it('a visit that is not sampled sends nothing', async () => {
    const { page, context } = s;
    await context.addInitScript(() => localStorage.setItem('alp.rum', 'none'));
    const sent: string[] = [];
    page.on('request', (request) => { if (new URL(request.url()).pathname === '/api/rum') sent.push(request.url()); });
    await page.goto('/browse-tutors');
    await page.waitForLoadState('networkidle');
    await hide(page);
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
  });
});
