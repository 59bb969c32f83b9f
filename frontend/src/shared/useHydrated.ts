import { useDeferredValue, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and in the build's prerender), true after and in
 * every client-only render. A prerendered page shows what its HTML showed until then, e.g. the
 * loading state even when its data already arrived: otherwise the first render differs from the
 * markup and React throws the markup away and paints the page again.
 */
export function useHydrated(): boolean {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  // React flips a hydrated store to its client value in one synchronous render; deferred, the page
  // with its data (a list of tutors) renders in slices that leave a phone's main thread free.
  return useDeferredValue(hydrated);
}

/** A query result in the loading state the prerendered HTML shows, whatever its data already is. */
interface QueryResultLike {
  data: unknown;
  status: string;
  fetchStatus: string;
}

/**
 * `query` as the prerendered HTML showed it (loading) while the page hydrates, even if the data
 * the entry prefetched is already in the cache; as it is from the next render on.
 */
export function useAsPrerendered<Q extends QueryResultLike>(query: Q): Q {
  const hydrated = useHydrated();
  if (hydrated) return query;
  return { ...query, data: undefined, isPending: true, isSuccess: false, isError: false, status: 'pending', fetchStatus: 'fetching' };
}
