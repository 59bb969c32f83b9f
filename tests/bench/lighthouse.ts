/**
 * Lighthouse on the built SPA behind the local gateway: mobile (Moto G Power screen) with devtools
 * throttling, i.e. the network really slowed to Lighthouse's slow 4G and the CPU really slowed 4×
 * while the page loads (the simulated "Lantern" estimate on localhost raced the paint against the
 * scripts' arrival and is not a goal), headless Chromium, median of five runs per page.
 * Budgets: TBT ≤ 100 ms, CLS ≤ 0.02; LCP is reported against the 1.8 s aim for the profile and the
 * catalogue; field data from real visits is the measure of it (docs/benchmarks.md).
 * Pages are loaded over HTTP/2 as CloudFront serves them (http2-front.ts); ALP_BENCH_HTTP1=1 loads
 * them from the local gateway's HTTP/1.1 instead.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startHttp2Front } from './http2-front.js';
import { chosenPage, mark, median, startSite } from './site.js';

/** Public pages. */
const PAGES = ['/', '/browse-tutors', '/tutor-profile/{tutor}', '/auth', '/course-dashboard', '/courses/{course}'];
const RUNS = 5;
const BUDGET = { tbtMs: 100, cls: 0.02 };

interface Run { fcp: number; lcp: number; tbt: number; cls: number; si: number; lcpElement: string; phases: string; version: string }

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

async function audit(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: 'devtools' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  // The element audit's details are a list: first a table whose one row holds the LCP node.
  const details = audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; selector?: string }; phase?: string; timing?: number }> }> } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  // Then a table of the LCP's phases (TTFB, load delay, load time, render delay): where the time went.
  const phases = (details?.items?.[1]?.items ?? []).filter((row) => row.phase && row.timing !== undefined)
    .map((row) => `${row.phase} ${Math.round(row.timing!)}`).join(', ');
  return {
    fcp: value('first-contentful-paint'), lcp: value('largest-contentful-paint'), tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'), si: value('speed-index'),
    lcpElement: node ? `${node.selector ?? ''} “${clip(node.nodeLabel ?? '', 40)}”` : '—',
    phases: phases || '—',
    version: result.lhr.lighthouseVersion,
  };
}

export async function benchLighthouse(): Promise<string> {
  const site = await startSite('bench-lighthouse', 3198);
  const http1 = process.env.ALP_BENCH_HTTP1 === '1';
  const front = http1 ? undefined : await startHttp2Front(site.url, 3197 + Number(process.env.ALP_BENCH_PORT_SHIFT ?? 0));
  const pageUrl = (path: string) => (front ? site.pageUrl(path).replace(site.url, front.origin) : site.pageUrl(path));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      // The HTTP/2 front's certificate is self-signed for localhost.
      ...(front ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    const rows: string[] = [];
    let version = '';
    for (const path of PAGES.filter(chosenPage)) {
      const runs: Run[] = [];
      // Lighthouse clears the cache and storage of the origin before each run.
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, pageUrl(path)));
      version = runs[0]!.version;
      const m = (key: 'fcp' | 'lcp' | 'tbt' | 'cls' | 'si') => median(runs.map((r) => r[key]));
      const lcp = m('lcp');
      const tbt = m('tbt');
      const cls = m('cls');
      const ok = tbt <= BUDGET.tbtMs && cls <= BUDGET.cls;
      // The element of the run whose LCP is the median (the element can differ between runs).
      const medianRun = [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(RUNS / 2)]!;
      const lcpElement = `${medianRun.lcpElement} (ms: ${medianRun.phases})`;
      rows.push(`| ${path} | ${(m('fcp') / 1000).toFixed(2)} s | **${(lcp / 1000).toFixed(2)} s** | ${Math.round(tbt)} ms `
        + `| ${cls.toFixed(3)} | ${(m('si') / 1000).toFixed(2)} s | ${mark(ok)} | ${lcpElement.replaceAll('|', '\\|')} |`);
    }
    return [
      `Lighthouse ${version} mobile (devtools throttling: slow 4G, 4× CPU), ${front ? 'HTTP/2' : 'HTTP/1.1'}, median of ${RUNS} runs:`,
      '',
      `| Page | FCP | LCP | TBT (≤ ${BUDGET.tbtMs} ms) | CLS (≤ ${BUDGET.cls}) | Speed Index | Budgets | LCP element |`,
      '|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    chrome.kill();
    await front?.stop();
    await site.stop();
  }
}

