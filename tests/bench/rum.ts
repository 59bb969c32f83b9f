/**
 * The field measurement as the product sends it, on a scripted slow visit: each public page opened
 * in a fresh headless Chromium context on a slow phone network (400 kbps, 400 ms round trip) with
 * 4× CPU slowdown, measured (localStorage `alp.rum` = `all`, so every visit is sampled), then left;
 * the beacons the SPA posts to POST /api/rum are read as they leave the browser, and their p75 per
 * page type printed: what the field-speed dashboard shows for real visits, from this machine.
 */
import { chromium, type Browser } from 'playwright-core';
import type { RumBeacon } from '../../functions/rum/contract.js';
import { CHROMIUM_FLAGS } from '../support/browser.js';
import { chosenPage, startSite, type Site } from './site.js';

const PAGES = ['/', '/browse-tutors', '/tutor-profile/{tutor}', '/course-dashboard', '/courses/{course}'];
const VISITS = Number(process.env.ALP_BENCH_RUNS ?? 5);

const p75 = (values: number[]): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank, as CloudWatch's percentile statistics take it.
  return sorted[Math.max(0, Math.ceil(0.75 * sorted.length) - 1)]!;
};

async function visit(browser: Browser, site: Site, path: string): Promise<RumBeacon | null> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('alp.rum', 'all'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let beacon: RumBeacon | null = null;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/rum' && request.method() === 'POST') beacon = JSON.parse(request.postData() ?? 'null') as RumBeacon;
  });
  await page.goto(site.pageUrl(path), { waitUntil: 'networkidle', timeout: 180_000 });
  // A tap, so INP has an interaction to measure, then the visitor leaves (the page is hidden).
  await page.mouse.click(195, 600);
  await page.waitForTimeout(500);
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/rum', { timeout: 10_000 }).catch(() => null);
  // The visitor switches app: the page is hidden, as a phone does far more often than closing it.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await sent;
  await context.close();
  return beacon;
}

export async function benchRum(): Promise<string> {
  const site = await startSite('bench-rum', 3195);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const rows: string[] = [];
    for (const path of PAGES.filter(chosenPage)) {
      const beacons: RumBeacon[] = [];
      for (let i = 0; i < VISITS; i++) {
        const beacon = await visit(browser, site, path);
        if (beacon) beacons.push(beacon);
      }
      const of = (name: string) => beacons.flatMap((b) => b.metrics.filter((m) => m.name === name).map((m) => m.value));
      const ms = (values: number[]) => (values.length ? `${Math.round(p75(values))} ms` : '—');
      const cls = of('CLS');
      rows.push(`| ${path} | ${beacons[0]?.page ?? '—'} | ${beacons.length}/${VISITS} | ${ms(of('LCP'))} | ${ms(of('INP'))} `
        + `| ${cls.length ? p75(cls).toFixed(3) : '—'} | ${ms(of('TTFB'))} |`);
    }
    return [
      `Field beacons of scripted slow visits (400 kbps, 400 ms RTT, 4× CPU, 390 px), p75 of ${VISITS} visits per page:`,
      '',
      '| Page | Page type | Beacons | LCP | INP | CLS | TTFB |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    await browser.close();
    await site.stop();
  }
}
