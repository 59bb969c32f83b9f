import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and in the build's prerender), true after and in
 * every client-only render. A prerendered page shows what its HTML showed until then, e.g. the
 * loading state even when its data already arrived: otherwise the first render differs from the
 * markup and React throws the markup away and paints the page again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
