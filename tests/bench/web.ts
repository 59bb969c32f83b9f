/**
 * First-load weight of the SPA as a browser downloads it: each page opens in a fresh headless
 * Chromium context (empty cache) against the local gateway (gzip, like CloudFront), and every
 * response it receives is added up by type, lazy chunks imported after the first paint included.
 * Signed-in pages open with the session of the demo account signed in through /auth beforehand.
 * Then a visit on a slow phone network: FCP and LCP at 400 kbps, 400 ms RTT.
 * Budgets: ≤ 120 KB gzip JavaScript on / and /browse-tutors, ≤ 150 KB elsewhere;
 * first content ≤ 3 s on the slow network.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { CHROMIUM_FLAGS, enterTotpCode, signInThroughUi } from '../support/browser.js';
import { cognitoFor, enableTotp, signInWithPassword } from '../support/mfa.js';
import { chosenPage, jsBudgetKB, mark, median, startSite, type Site } from './site.js';

type Account = keyof typeof demoAccounts;

/** Pages by who opens them: signed out, or as a demo account. */
const PAGES: Array<{ as?: Account; paths: string[] }> = [
  { paths: ['/', '/browse-tutors', '/tutor-profile/{tutor}', '/auth'] },
  { as: 'student', paths: ['/student-dashboard', '/my-bookings', '/book-tutor/{tutor}', '/live-tutoring/demo-session', '/ai-learning', '/ai-study-assistant'] },
  { as: 'tutor', paths: ['/tutor-dashboard', '/tutor-availability'] },
  { as: 'admin', paths: ['/super-admin-dashboard', '/admin-dashboard'] },
  { paths: ['/course-dashboard'] },
];
const SLOW_PATHS = ['/', '/browse-tutors', '/course-dashboard', '/tutor-profile/{tutor}', '/auth'];
const SLOW_RUNS = 3;
const SLOW_FCP_BUDGET_MS = 3000;
/** After network idle, how long to wait for chunks a page imports late (on idle, after data). */
const SETTLE_MS = 1500;
const VIEWPORT = { width: 390, height: 844 };

interface Weights { js: number; jsFiles: number; css: number; html: number; api: number; img: number; landed: string }

/** Opens `url` in `context` and adds up the body bytes of every response, as transferred. */
async function firstLoad(context: BrowserContext, url: string): Promise<Weights> {
  const page = await context.newPage();
  const weights: Weights = { js: 0, jsFiles: 0, css: 0, html: 0, api: 0, img: 0, landed: '' };
  const counted: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => counted.push((async () => {
    const body = (await request.sizes()).responseBodySize;
    switch (request.resourceType()) {
      case 'script':
        weights.js += body; weights.jsFiles++;
        // ALP_BENCH_FILES=1 lists each script, to see where a page's bytes go.
        if (process.env.ALP_BENCH_FILES) console.error(`  ${url} ${new URL(request.url()).pathname} ${(body / 1024).toFixed(1)} KB`);
        break;
      case 'stylesheet': weights.css += body; break;
      case 'document': weights.html += body; break;
      case 'image': weights.img += body; break;
      case 'fetch': case 'xhr': weights.api += body; break;
    }
  })()));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState('networkidle');
  await Promise.all(counted);
  weights.landed = new URL(page.url()).pathname;
  await page.close();
  return weights;
}

/** Signs a demo account in through /auth and returns its session (local storage) for fresh contexts. */
async function sessionOf(browser: Browser, site: Site, account: Account, adminTotpSecret: string) {
  const context = await browser.newContext({ baseURL: site.url, viewport: VIEWPORT });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  await signInThroughUi(page, demoAccounts[account].email, DEMO_PASSWORD);
  if (account === 'admin') await enterTotpCode(page, adminTotpSecret);
  await page.waitForURL((url) => url.pathname !== '/auth');
  await page.waitForLoadState('networkidle');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The demo super admin needs two-step sign-in: give it an authenticator app, as the SPA would. */
async function enableAdminTotp(site: Site): Promise<string> {
  const { resources } = site.stack.info;
  const client = cognitoFor(resources);
  const admin = await signInWithPassword(client, resources.userPoolClientId, demoAccounts.admin.email, DEMO_PASSWORD);
  return enableTotp(client, admin.accessToken);
}

interface SlowVisit { fcp: number; lcp: number; scripts: number; data: number }

/**
 * First contentful and largest contentful paint of a visit on an empty cache and a slow network,
 * and when the last script and the last API response of the first load arrived (the page works
 * and shows its data only then).
 */
async function slowVisit(browser: Browser, url: string): Promise<SlowVisit> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond,
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  const paints = await page.evaluate(() => new Promise<SlowVisit>((resolve) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // No named helper: tsx's name-keeping wrapper does not exist in the page.
    let scripts = NaN;
    let data = NaN;
    for (const r of resources) {
      const { pathname } = new URL(r.name);
      if (pathname.endsWith('.js') && pathname !== '/sw.js') scripts = Number.isNaN(scripts) ? r.responseEnd : Math.max(scripts, r.responseEnd);
      if (pathname.startsWith('/api/')) data = Number.isNaN(data) ? r.responseEnd : Math.max(data, r.responseEnd);
    }
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? NaN, scripts, data });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }));
  await context.close();
  return paints;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** What the service worker precaches (its injected manifest), gzip as the gateway serves it. */
async function precacheWeight(origin: string): Promise<{ files: number; bytes: number }> {
  const worker = await (await fetch(`${origin}/sw.js`)).text();
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  let bytes = 0;
  for (const url of new Set(urls)) {
    const res = await fetch(`${origin}/${url}`);
    const body = Buffer.from(await res.arrayBuffer());
    // fetch decompresses: compress again as the gateway does (images are sent as they are).
    bytes += res.headers.get('content-encoding') === 'gzip' ? gzipSync(body).length : body.length;
  }
  return { files: new Set(urls).size, bytes };
}
const seconds = (ms: number) => (ms / 1000).toFixed(2);

export async function benchWeb(): Promise<string> {
  const site = await startSite('bench-web', 3197);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const adminTotpSecret = await enableAdminTotp(site);
    const rows: string[] = [];
    for (const group of PAGES.filter((g) => g.paths.some(chosenPage))) {
      const storageState = group.as ? await sessionOf(browser, site, group.as, adminTotpSecret) : undefined;
      for (const path of group.paths.filter(chosenPage)) {
        // The first load as it reaches a browser without the service worker: once it runs, the
        // worker's own downloads (the precache, reported below) are not the page's.
        const context = await browser.newContext({ viewport: VIEWPORT, storageState, serviceWorkers: 'block' });
        // Every load the same: one visit in ten also loads the field measurement (web-vitals, reported apart).
        await context.addInitScript(() => localStorage.setItem('alp.rum', 'none'));
        const w = await firstLoad(context, site.pageUrl(path));
        await context.close();
        const budget = jsBudgetKB(path);
        const landed = w.landed === new URL(site.pageUrl(path)).pathname ? '' : ` (→ ${w.landed})`;
        rows.push(`| ${path}${landed} | ${group.as ?? '—'} | ${kb(w.js)} (${w.jsFiles} files) | ${budget} | ${mark(w.js / 1024 <= budget)} `
          + `| ${kb(w.css)} | ${kb(w.html)} | ${kb(w.api)} | ${kb(w.img)} |`);
      }
    }
    const precache = await precacheWeight(site.url);
    const slowRows: string[] = [];
    for (const path of SLOW_PATHS.filter(chosenPage)) {
      const visits: SlowVisit[] = [];
      for (let i = 0; i < SLOW_RUNS; i++) visits.push(await slowVisit(browser, site.pageUrl(path)));
      const fcp = median(visits.map((v) => v.fcp));
      const lcp = median(visits.map((v) => v.lcp));
      const at = (key: 'scripts' | 'data') => {
        const value = median(visits.map((v) => v[key]));
        return Number.isNaN(value) ? '—' : `${seconds(value)} s`;
      };
      slowRows.push(`| ${path} | ${seconds(fcp)} s | ${seconds(lcp)} s | ${at('scripts')} | ${at('data')} | ${mark(fcp <= SLOW_FCP_BUDGET_MS)} |`);
    }
    return [
      `First load, empty cache, 390×844, gzip as served (KB on the wire, response bodies; settled ${SETTLE_MS} ms after network idle):`,
      '',
      '| Page | Signed in as | JavaScript | JS budget | Within | CSS | HTML | API JSON | Images |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `Service worker precache (downloaded after the first page's load, once per deploy; most of it is in the HTTP cache by then): `
        + `${precache.files} files, ${kb(precache.bytes)} KB gzip.`,
      '',
      `Slow network (Chromium: 400 kbps down and up, 400 ms RTT, empty cache), median of ${SLOW_RUNS}:`,
      '',
      `| Page | FCP | LCP | Last script in | Last API response in | FCP ≤ ${SLOW_FCP_BUDGET_MS / 1000} s |`,
      '|---|---|---|---|---|---|',
      ...slowRows,
    ].join('\n');
  } finally {
    await browser.close();
    await site.stop();
  }
}
