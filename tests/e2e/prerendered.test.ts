/**
 * Prerendered public pages: /, /browse-tutors, /course-dashboard and /auth arrive as HTML that paints before any
 * script runs (a phone on a slow network sees the page while the JavaScript downloads), and the
 * app then takes that markup over in place (hydration) instead of replacing it. Other routes get
 * the empty SPA shell, except a tutor's profile, whose shell is the profile's skeleton with the page's own code preloaded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, callApi, expectOk } from '../support/api.js';
import { useBrowser } from '../support/browser.js';

const HERO = 'Expert tutors for every learner in Africa';
const BROWSE = 'Find Your Perfect Tutor';
const COURSES = 'Courses';
const SIGN_IN = 'Welcome back';

/** The fetchpriority of every module script and module preload in the page's HTML. */
const scriptPriorities = (page: Page) =>
  page.locator('script[type=module][src], link[rel=modulepreload]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('fetchpriority')));

describe('prerendered public pages', () => {
  // First visits: the app's service worker would answer later navigations with the plain shell.
  const s = useBrowser({ serviceWorkers: 'block' });

  it('paint the landing page, browse, the course catalogue and sign-in from HTML alone; a signed-in page is only the shell', async () => {
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
      });
      await page.goto('/');
      expect(await page.locator('h1').textContent()).toBe(HERO);
      expect(await page.getByRole('link', { name: 'Find Your Perfect Tutor' }).getAttribute('href')).toBe('/browse-tutors');
      // Styled: the hero's own CSS came with the HTML, not with a script.
      expect(await page.locator('section.hero').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');

      await page.goto('/browse-tutors');
      expect(await page.locator('h1').textContent()).toBe(BROWSE);
      expect(await page.title()).toBe("Browse Tutors · Africa's Learning Platform");
      expect(await page.getByLabel(/search/i).first().isVisible()).toBe(true);

      // The catalogue: its filters, and its first page of courses where the course-page consumer
      // rendered it with them (functions/sitepages), else skeleton cards of the courses' shape.
      await page.goto('/course-dashboard');
      expect(await page.locator('h1').textContent()).toBe(COURSES);
      expect(await page.title()).toBe("Courses · Africa's Learning Platform");
      expect(await page.getByRole('button', { name: 'All Courses' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByLabel('Search courses').isVisible()).toBe(true);
      const cards = await page.locator('.course-card:not(.skeleton-card)').count() > 0 ? '.course-card .course-thumb' : '.course-skeleton-thumb';
      expect(await page.locator(cards).count()).toBeGreaterThan(0);
      expect((await page.locator(cards).first().boundingBox())?.height).toBeGreaterThan(100);

      // Signing in: the form, labelled, before any script.
      await page.goto('/auth');
      expect(await page.locator('h1').textContent()).toBe(SIGN_IN);
      expect(await page.title()).toBe("Sign In · Africa's Learning Platform");
      expect(await page.getByLabel('Email').first().isVisible()).toBe(true);
      // …but inert until the app runs it: submitted natively, the password would go into the address.
      expect(await page.locator('section.auth-card').getAttribute('inert')).not.toBeNull();

      // The pages' CSS is inlined in their HTML: painting them waited for no stylesheet request.
      expect(stylesheets).toEqual([]);
      // Their scripts are not needed for that paint, and say so: fetched at once, at low priority.
      for (const path of ['/', '/browse-tutors', '/course-dashboard', '/auth']) {
        await page.goto(path);
        const priorities = await scriptPriorities(page);
        expect(priorities.length, path).toBeGreaterThan(2);
        expect(new Set(priorities), path).toEqual(new Set(['low']));
      }

      // A signed-in page is the shell: the app draws it, so its scripts keep their full priority.
      await page.goto('/student-dashboard');
      expect(await page.locator('#root').innerHTML()).toBe('');
      expect(new Set(await scriptPriorities(page))).toEqual(new Set([null]));
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
    // When each data request left, by path.
    const asked: Record<string, number> = {};
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      seen.push(path);
      if (path.startsWith('/api/')) asked[path] ??= Date.now();
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().includes('/assets/')) missing.push(response.url());
    });

    // The page chunks arrive after their data (a slow chunk, a fast API): the hydrating render
    // must still match the HTML, not show the tutors or courses already.
    const chunkSentAt: Record<string, number> = {};
    await page.route(/\/assets\/(BrowseTutorsPage|CourseDashboardPage)-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      chunkSentAt[/BrowseTutorsPage/.test(route.request().url()) ? '/browse-tutors' : '/course-dashboard'] = Date.now();
      await route.continue();
    });
    // Each page's data calls, and what shows once they are in.
    const pages = [
      ['/', HERO, [], undefined],
      ['/browse-tutors', BROWSE, ['/api/tutors'], '.tutor-card:not(.skeleton-card)'],
      ['/auth', SIGN_IN, [], undefined],
      ['/course-dashboard', COURSES, ['/api/courses', '/api/exam-packs'], '.course-card:not(.skeleton-card)'],
    ] as const;
    for (const [path, heading, calls, loaded] of pages) {
      seen.length = 0;
      await page.goto(path);
      await expect.poll(hydrated, { timeout: 15_000 }).toBe(true);
      expect(await page.locator('h1').textContent()).toBe(heading);
      expect(await sameHeading(), `${path} kept its prerendered heading`).toBe(true);
      if (path === '/auth') await expect.poll(() => page.locator('section.auth-card').getAttribute('inert')).toBeNull();
      if (path === '/') {
        // The landing page calls no API: the route table and the tutor fetchers stay off its first load.
        expect(seen.filter((p) => /\/assets\/(client|prefetch)-/.test(p))).toEqual([]);
      }
      // Each call starts while the page's own chunk is still on the way (no waterfall).
      for (const call of calls) expect(asked[call], `${call} asked before ${path}'s chunk came`).toBeLessThan(chunkSentAt[path]!);
      // The data loads into the prerendered page.
      if (loaded) await page.locator(loaded).first().waitFor();
      // Its CSS came inline; the app's chunk loader does not fetch the same files afterwards.
      expect(seen.filter((p) => p.endsWith('.css')), `${path} fetched no stylesheet`).toEqual([]);
    }
    expect(missing).toEqual([]);
    await page.locator('.exam-pack').first().waitFor();
    expect(rerendered).toEqual([]);

    // A link is handled by the app (no new document: the marker survives).
    await page.goto('/');
    await expect.poll(hydrated, { timeout: 15_000 }).toBe(true);
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    await page.getByRole('link', { name: 'Find Your Perfect Tutor' }).click();
    await page.waitForURL(/\/browse-tutors$/);
    // The URL changes at once; the landing page stays until browse's chunk (delayed above) is in.
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe(BROWSE);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it("serve a tutor's profile a shell that preloads the page's code, in the visitor's language, and the page shows", async () => {
    const { tutors } = await expectOk(callApi('browseTutors', { query: {} }), 'browse');
    const tutor = tutors[0]!;
    const html = async (path: string, cookie?: string) =>
      (await fetch(new URL(path, baseUrl()), { headers: cookie ? { cookie } : {} })).text();
    const shell = await html(`/tutor-profile/${tutor.id}`);
    // The page's chunk comes with the entry, not after it has run (no entry → route chunk waterfall).
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/TutorProfilePage-[^"]+\.js">/);
    // Its content needs that code and the tutor's data: full priority, unlike the prerendered pages.
    expect(shell).not.toContain('fetchpriority');
    // It paints before any script: the tutor's own rendered page once the tutor-page consumer has
    // written it, else the skeleton of the profile, in the site's header.
    if (shell.includes('id="alp-record"')) {
      expect(shell).toMatch(new RegExp(`<div id="root">.*<header class="site-header">.*<h1[^>]*>[^<]*${tutor.firstName}`, 's'));
    } else {
      expect(shell).toMatch(/<div id="root">.*<header class="site-header">.*class="profile-layout" role="status" aria-label="Loading tutor profile…"/s);
    }
    expect(await html(`/tutor-profile/${tutor.id}`, 'alp-language=sw')).toContain('<html lang="sw"');
    // Anything else under the prefix is the plain shell.
    expect(await html(`/tutor-profile/${tutor.id}/more`)).not.toContain('TutorProfilePage-');

    const { page } = s;
    const missing: string[] = [];
    const rerendered: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().includes('/assets/')) missing.push(response.url());
    });
    page.on('console', (message) => {
      if (/Prerendered markup re-rendered|hydrat/i.test(message.text())) rerendered.push(message.text());
    });
    await page.goto(`/tutor-profile/${tutor.id}`);
    await page.locator('h1', { hasText: tutor.firstName }).waitFor();
    expect(await page.title()).toContain(tutor.firstName);
    // The tutor replaced the skeleton the shell painted, without React throwing that markup away.
    expect(await page.locator('.profile-layout[role=status]').count()).toBe(0);
    expect(missing).toEqual([]);
    expect(rerendered).toEqual([]);

    // A first visit from a Kiswahili phone: the page's texts arrive before hydration, so the skeleton is taken over as it is.
    const swahili = await s.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'sw-KE', serviceWorkers: 'block' });
    try {
      const swPage = await swahili.newPage();
      swPage.on('console', (message) => {
        if (/Prerendered markup re-rendered|hydrat/i.test(message.text())) rerendered.push(message.text());
      });
      await swPage.goto(`/tutor-profile/${tutor.id}`);
      await swPage.locator('h1', { hasText: tutor.firstName }).waitFor();
      expect(await swPage.locator('html').getAttribute('lang')).toBe('sw');
      expect(await swPage.locator('#reviews-title').textContent()).not.toBe('Reviews');
      expect(rerendered).toEqual([]);
    } finally {
      await swahili.close();
    }
  });
});
