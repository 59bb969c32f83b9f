/** Headless Debian Chromium driven by playwright-core, one browser per test file. */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, inject } from 'vitest';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { baseUrl, callApi, signInDemoAdmin } from './api.js';
import { freshTotp } from './totp.js';

export const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  // This machine's network is closed; background calls to Google only produce noise and delays.
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface BrowserSession {
  page: Page;
  context: BrowserContext;
  /**
   * A second person's browser in the same test (own cookies and storage), e.g. the tutor beside
   * the student; closed after the test like the first.
   */
  another(options?: { viewport?: { width: number; height: number } }): Promise<BrowserSession>;
}

/**
 * Registers hooks: a fresh context (no cookies, no storage) and page for every test.
 * `serviceWorkers: 'block'` for tests that hold or stub public API calls with page.route: once the
 * app's worker controls the page it answers those itself, and page.route never sees them.
 */
export function useBrowser(options: { viewport?: { width: number; height: number }; serviceWorkers?: 'allow' | 'block' } = {}) {
  let browser: Browser;
  let others: BrowserContext[] = [];
  // A phone first.
  const openContext = async (viewport = options.viewport ?? { width: 390, height: 844 }) => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport,
      serviceWorkers: options.serviceWorkers ?? 'allow',
    });
    context.setDefaultTimeout(15_000);
    return { context, page: await context.newPage() };
  };
  const session = {
    another: async (extra = {}) => {
      const opened = await openContext(extra.viewport);
      others.push(opened.context);
      return { ...opened, another: session.another };
    },
  } as BrowserSession;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => { await browser?.close(); });
  beforeEach(async () => {
    Object.assign(session, await openContext());
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await session.page.screenshot({ path: `.local/failure-${ctx.task.name.replace(/\W+/g, '-')}.png`, fullPage: true })
        .catch(() => {});
    }
    await Promise.all([session.context, ...others].map((context) => context?.close()));
    others = [];
  });
  return session;
}

/** Signs in through the real /auth page. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The second step of a two-step sign-in: the authenticator app's current code. */
export async function enterTotpCode(page: Page, secret: string) {
  await page.getByLabel('6-digit code').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** The demo super admin, with the code of the authenticator app global setup gave it. */
export async function signInDemoAdminThroughUi(page: Page) {
  // Every test file shares the demo admin, and a signed-in user's saved language wins over the
  // device's: each sign-in starts in English, whatever a test before it saved.
  const admin = await signInDemoAdmin();
  const saved = await callApi('updateMyProfile', { token: admin.accessToken, body: { language: 'en' } });
  if (saved.status !== 200) throw new Error(`could not give the demo admin English back: ${saved.status}`);
  await signInThroughUi(page, demoAccounts.admin.email, DEMO_PASSWORD);
  await enterTotpCode(page, inject('adminTotpSecret'));
}

/**
 * Watches a prerendered page as the app takes it over: console errors, page errors and React's
 * "Prerendered markup re-rendered" warning; and whether the element `selector` the HTML painted is
 * the one the app then runs (hydrated in place, not replaced). Call it before `page.goto`.
 */
export async function watchHydration(page: Page, selector: string) {
  const errors: string[] = [];
  const rerendered: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (/Prerendered markup re-rendered/.test(message.text())) rerendered.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((painted) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { alpPainted: Element | null }).alpPainted = document.querySelector(painted);
    });
  }, selector);
  return {
    errors,
    rerendered,
    /** Waits until the app runs the element, then says whether it is the one the HTML painted. */
    async takenOverInPlace(): Promise<boolean> {
      await page.waitForFunction((painted) => {
        const element = document.querySelector(painted);
        return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
      }, selector, { timeout: 15_000 });
      return page.evaluate((painted) => (window as unknown as { alpPainted: Element | null }).alpPainted === document.querySelector(painted), selector);
    },
  };
}

/**
 * Waits until React runs the element (a prerendered page's markup is on screen before the app
 * takes it over, and a click before that does nothing), as a visitor's second tap would find it.
 * The locator is asked afresh each time: where the app renders a part anew, the live element is a
 * new one.
 */
export async function whenLive(locator: Locator, timeout = 30_000) {
  const until = Date.now() + timeout;
  const live = () => locator.evaluate(
    (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')), undefined, { timeout: 2_000 },
  ).catch(() => false);
  while (!(await live())) {
    if (Date.now() > until) throw new Error(`${String(locator)} was not taken over by the app in ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
