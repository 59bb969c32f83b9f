/**
 * Main-thread long tasks of a first visit, from Chromium's own trace (an observed TBT): each public
 * page opens in a fresh context with the CPU slowed 4× (Lighthouse's mobile setting) and the
 * network not throttled, traced until 2.5 s after `load`. Per run: the blocking time after the
 * first contentful paint (the sum of each main-thread task's time beyond 50 ms, as TBT counts
 * it), how many tasks passed 50 ms and the longest. Medians of ALP_BENCH_RUNS runs (default 9),
 * pages taken round-robin so a busy moment of the machine falls on every page alike.
 *
 * Unlike Lighthouse's TBT this is observed, not simulated from a network model, so it moves only
 * with the work the page does (and with the machine's load: compare builds in one run, e.g.
 * `ALP_WEB_DIST=<other build>` back to back). Run: npm run bench -- tasks
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../support/browser.js';
import { chosenPage, median, startSite, type Site } from './site.js';

const PAGES = ['/', '/browse-tutors', '/tutor-profile/{tutor}', '/auth', '/course-dashboard'];
const RUNS = Number(process.env.ALP_BENCH_RUNS ?? 9);
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const AFTER_LOAD_MS = 2500;

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number }
interface Run { blockingMs: number; longTasks: number; longestMs: number }

async function traceFirstVisit(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    await cdp.send('Tracing.end');
    await complete;

    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
    // The page's main thread: the renderer thread that painted, where the tasks run.
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid);
    const afterPaint = tasks.filter((e) => e.ts + (e.dur ?? 0) > fcp.ts).map((e) => (e.ts + e.dur! - Math.max(e.ts, fcp.ts)) / 1000);
    const long = afterPaint.filter((ms) => ms > LONG_TASK_MS);
    return {
      blockingMs: long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0),
      longTasks: long.length,
      longestMs: Math.max(0, ...long),
    };
  } finally {
    await context.close();
  }
}

export async function benchTasks(): Promise<string> {
  const site: Site = await startSite('bench-tasks', 3196);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const paths = PAGES.filter(chosenPage);
    const runs = new Map<string, Run[]>(paths.map((path) => [path, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const path of paths) runs.get(path)!.push(await traceFirstVisit(browser, site.pageUrl(path)));
    }
    const rows = paths.map((path) => {
      const of = (key: keyof Run) => median(runs.get(path)!.map((run) => run[key]));
      const spread = runs.get(path)!.map((run) => run.blockingMs).sort((a, b) => a - b);
      return `| ${path} | ${Math.round(of('blockingMs'))} ms | ${Math.round(spread[0]!)}–${Math.round(spread.at(-1)!)} ms | ${of('longTasks')} | ${Math.round(of('longestMs'))} ms |`;
    });
    return [
      `Main-thread long tasks after the first paint (Chromium trace, ${CPU_SLOWDOWN}× CPU slowdown, network not throttled), median of ${RUNS} runs${process.env.ALP_WEB_DIST ? ` (build: ${process.env.ALP_WEB_DIST})` : ''}:`,
      '',
      '| Page | Blocking time after FCP | Range | Tasks over 50 ms | Longest task |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    await browser.close();
    await site.stop();
  }
}
