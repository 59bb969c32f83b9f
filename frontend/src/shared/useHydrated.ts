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
 * The query key of the record a page's HTML was rendered with (a tutor's or course's own page, the
 * course catalogue's first page: functions/sitepages), and that record: set by the renderer while it
 * renders, and by the entry when the HTML carries the record, whose data it puts in the cache before
 * hydrating. That query hydrates filled, as its HTML shows it.
 */
let renderedRecord: { key: string; data: unknown } | undefined;
export function setRenderedRecord(key: readonly unknown[] | undefined, data?: unknown): void {
  renderedRecord = key && { key: JSON.stringify(key), data };
}

/**
 * `query` as the prerendered HTML showed it while the page hydrates: loading, even if the data the
 * entry prefetched is already in the cache; for `key`, the record the HTML was rendered with, that
 * record, even if a fresher answer (another enrolment count, a new course) has already replaced it
 * in the cache. As it is from the next render on.
 */
export function useAsPrerendered<Q extends QueryResultLike>(query: Q, key?: readonly unknown[]): Q {
  const hydrated = useHydrated();
  if (hydrated) return query;
  if (key && renderedRecord?.key === JSON.stringify(key)) {
    return renderedRecord.data === undefined ? query : { ...query, data: renderedRecord.data, isPending: false, isSuccess: true, isError: false, status: 'success' };
  }
  return { ...query, data: undefined, isPending: true, isSuccess: false, isError: false, status: 'pending', fetchStatus: 'fetching' };
}
