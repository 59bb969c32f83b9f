/**
 * Event props that start downloading a lazy chunk when the user shows intent (pointer over the
 * control, a finger touching it, keyboard focus on it), so the chunk is on its way before the
 * click. Chunks only some visitors need are not fetched on every first load (prepaid data;
 * the first-load budgets in docs/benchmarks.md count everything a page downloads).
 */
export function loadOnIntent(load: () => Promise<unknown>) {
  const start = () => void load().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start };
}
