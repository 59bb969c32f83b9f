/**
 * Filters kept in the URL's query (browse, courses). React Router's functional
 * `setSearchParams(p => …)` hands over the query of the last render, so two quick changes
 * (a subject, then a level, before the page has re-rendered) would lose the first; each change
 * here starts from the address bar's query as it is now. History entries are replaced: filtering
 * is not a page to go back to.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export function useFilterParams(): [URLSearchParams, (change: (current: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) =>
      setParams(() => change(new URLSearchParams(window.location.search)), { replace: true }),
    [setParams],
  );
  return [params, update];
}
