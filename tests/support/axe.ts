/**
 * axe-core in the browser tests: WCAG 2.0–2.2 A and AA rules on a page state, 0
 * violations expected. One run per distinct state per test file (a state named twice is checked
 * once), so journeys can call it at each new view without paying for repeats.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const checked = new Set<string>();

/** The violations on the page as it is now, one line each (rule, impact, first targets). */
export async function axeViolations(page: Page): Promise<string[]> {
  // The state as it settles: a toast fading in is, for 0.2 s, text of too little contrast.
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2_000)),
  ]));
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  return results.violations.map((v) =>
    `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')} — ${v.help}`);
}

/** Checks a page state once per test file: its name says which state (page, tab, size). */
export async function checkAxeOnce(page: Page, state: string): Promise<string[]> {
  const key = `${state} @${page.viewportSize()?.width ?? '?'}`;
  if (checked.has(key)) return [];
  checked.add(key);
  return (await axeViolations(page)).map((line) => `${key}: ${line}`);
}
