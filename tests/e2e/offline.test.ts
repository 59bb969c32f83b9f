/**
 * Bad connections in the browser, on the production build the gateway serves: the app
 * installs a service worker that takes control; with the network cut (context.setOffline) it says
 * so, still shows browse and a profile it has seen (with its reviews), keeps a form's values and sends them only after
 * a confirm online; a route chunk that failed to download loads once the connection is back, and
 * a part of a page that failed (a dashboard tab) says so in its place while the page stays.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, createUser, uniqueEmail } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const OFFLINE_BANNER = "You're offline.";

/** Waits until the service worker is active and controls the page (after a reload if needed). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await until(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

describe('the app on a bad connection', () => {
  const s = useBrowser();

  it('is installable: a manifest, and a service worker that controls the page and precaches the public pages', async () => {
    const { page } = s;
    await page.goto('/');
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? (await fetch(link.href)).json() as Promise<{ name: string; display: string }> : null;
    });
    expect(manifest).toMatchObject({ name: "Africa's Learning Platform", display: 'standalone' });
    await controlledByServiceWorker(page);

    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names.filter((n) => n.includes('precache'))) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(precached).toContain('/index.html');
    expect(precached).toContain('/offline.html');
    // The public pages; not what only signed-in users need (a signed-out visitor never downloads Amplify).
    for (const chunk of ['LandingPage', 'BrowseTutorsPage', 'TutorProfilePage', 'AuthPage']) {
      expect(precached.some((url) => url.startsWith(`/assets/${chunk}-`)), chunk).toBe(true);
    }
    for (const chunk of ['amplify', 'BookingForm', 'AdminDashboard']) {
      expect(precached.some((url) => url.startsWith(`/assets/${chunk}-`)), chunk).toBe(false);
    }
  });

  it('offline: says so, shows browse and a profile it has seen, and waits (no spinner) for one it has not', async () => {
    const { page, context } = s;
    await page.goto('/browse-tutors');
    await controlledByServiceWorker(page);
    // Controlled now: these answers pass through the worker, which keeps them.
    await page.reload();
    const cards = page.locator('.tutor-card h2');
    await until(() => cards.count()).toBeGreaterThan(1);
    const [seen, unseen] = [await cards.nth(0).innerText(), await cards.nth(1).innerText()];
    const unseenProfile = await page.getByRole('link', { name: 'View Profile' }).nth(1).getAttribute('href');
    await page.getByRole('link', { name: 'View Profile' }).first().click();
    await until(() => page.getByRole('heading', { level: 1, name: seen }).isVisible()).toBe(true);
    await until(visible(page, /Choose a date|No available times/)).toBe(true);
    const reviews = page.locator('section[aria-labelledby="reviews-title"]');
    await until(async () => /Loading reviews/.test(await reviews.innerText())).toBe(false);
    const reviewsOnline = await reviews.innerText();

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
    await until(() => banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('aria-live')).toBe('polite');

    // A reload offline: the shell, the profile and its free times come from the worker.
    await page.reload();
    await until(() => page.getByRole('heading', { level: 1, name: seen }).isVisible()).toBe(true);
    await until(visible(page, /Choose a date|No available times/)).toBe(true);
    await until(() => banner.isVisible()).toBe(true);
    // Its reviews too, as they were online.
    await until(() => reviews.innerText()).toBe(reviewsOnline);

    await page.goto('/browse-tutors');
    await until(() => page.getByRole('heading', { level: 2, name: seen }).isVisible()).toBe(true);
    // A filter it has never loaded: the earlier tutors stay, said to be the earlier ones.
    await page.getByLabel('Subject').selectOption('Chemistry');
    await until(visible(page, "You're offline: these are the tutors loaded earlier")).toBe(true);
    expect(await page.getByText(/\d+ tutors shown/).count()).toBe(0);

    // A profile it has never seen: a note, not a spinner; it loads by itself once back online.
    await page.goto(unseenProfile!);
    await until(visible(page, "This page will load when you're back online.")).toBe(true);
    expect(await page.locator('.spinner').count()).toBe(0);
    await context.setOffline(false);
    await until(() => page.getByRole('heading', { level: 1, name: unseen }).isVisible(), 30_000).toBe(true);
    await until(() => banner.count()).toBe(0);
  });

  it('a sign-up filled offline keeps its values (not the passwords) and is sent only after a confirm online', async () => {
    const { page, context } = s;
    const email = uniqueEmail('offline-signup');
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/sign-up')) signUps.push(request.method());
    });
    await page.goto('/auth?tab=signup');
    await controlledByServiceWorker(page);
    await page.getByLabel('First Name').fill('Achieng');
    await page.getByLabel('Last Name').fill('Otieno');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+254 722 000 333');
    await page.getByLabel('Year of birth').fill('1999');
    await page.getByLabel('Password', { exact: true }).fill('learn-offline-1');
    await page.getByLabel('Confirm Password').fill('learn-offline-1');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await until(visible(page, "You're offline, so nothing was sent.")).toBe(true);

    // The tab reloads offline (the worker serves the app): the answers are back, the passwords not.
    await page.reload();
    await until(() => page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('First Name').inputValue()).toBe('Achieng');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+254 722 000 333');
    expect(await page.getByLabel('Year of birth').inputValue()).toBe('1999');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('learn-offline-1');
    await page.getByLabel('Password', { exact: true }).fill('learn-offline-1');
    await page.getByLabel('Confirm Password').fill('learn-offline-1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await until(visible(page, "You're offline, so nothing was sent.")).toBe(true);

    // Back online: nothing goes until the user says so, then exactly once.
    await context.setOffline(false);
    await until(visible(page, "You're back online. Send it now?")).toBe(true);
    expect(signUps).toEqual([]);
    await page.getByRole('button', { name: 'Create Account now' }).click();
    await until(() => page.getByLabel('Confirmation code').isVisible()).toBe(true);
    expect(signUps).toEqual(['POST']);
  });

  it('a route chunk that failed to download loads on Try again, and by itself when the connection returns', async () => {
    // Before the worker is installed (a first visit), chunks come from the network only.
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await until(() => page.getByRole('link', { name: 'Find Your Perfect Tutor' }).isVisible()).toBe(true);

      // Downloads of the chunk fail, then work again: Try again fetches it anew (React.lazy alone never would).
      let reachable = false;
      await context.route('**/assets/BrowseTutorsPage-*.js', (route) =>
        reachable ? route.continue() : route.abort('internetdisconnected'));
      await page.getByRole('link', { name: 'Find Your Perfect Tutor' }).click();
      await until(visible(page, 'Something went wrong')).toBe(true);
      reachable = true;
      await page.evaluate(() => { (window as unknown as { sameDocument: boolean }).sameDocument = true; });
      await page.getByRole('button', { name: 'Try again' }).click();
      await until(() => page.getByRole('heading', { level: 1, name: 'Find Your Perfect Tutor' }).isVisible()).toBe(true);
      // Loaded in place, not by reloading the whole app.
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // Offline: the page says it loads when the connection is back, Try again can't help yet, then it does.
      await page.goto('/');
      await until(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
      await context.setOffline(true);
      await page.getByRole('link', { name: 'Sign In' }).first().click();
      await until(visible(page, "It will load by itself when you're back online.")).toBe(true);
      await page.getByRole('button', { name: 'Try again' }).click();
      await until(visible(page, "It will load by itself when you're back online.")).toBe(true);
      await context.setOffline(false);
      await until(() => page.getByRole('tab', { name: 'Create Account' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("a dashboard tab whose chunk failed to download offers Retry in its place; the rest of the dashboard stays", async () => {
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const tutor = await createUser('tutor');
      await signInThroughUi(page, tutor.email, tutor.password);
      await page.waitForURL('**/tutor-dashboard');
      let reachable = false;
      await context.route('**/assets/MoreTabs-*.js', (route) => (reachable ? route.continue() : route.abort('internetdisconnected')));
      await page.getByRole('tab', { name: 'Bookings' }).click();
      await until(visible(page, "This part of the page couldn't be downloaded")).toBe(true);
      // The dashboard is still there: its heading and the tabs, with Bookings selected.
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Welcome/);
      expect(await page.getByRole('tab', { name: 'Bookings' }).getAttribute('aria-selected')).toBe('true');
      reachable = true;
      await page.getByRole('button', { name: 'Retry' }).click();
      await until(() => page.getByRole('heading', { name: 'Recent bookings' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
