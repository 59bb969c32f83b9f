/**
 * The API's edge cache key holds only the query parameters the route table documents, so an
 * invented `?x=…` cannot bypass the cache (or fill it). CloudFront allows 10 query strings per
 * cache policy and the public listings together document more, so each first path segment with
 * documented parameters gets its own behaviour (`/api/tutors*`, `/api/courses*`), ahead of `/api/*`.
 * Only public GETs are ever cached (every other answer says no-store, functions/shared/http.ts),
 * so only their parameters are key parts; every parameter still reaches the API (the origin
 * request policy forwards all of them).
 */
import type { RouteDef } from '../../functions/shared/route-def.js';

export interface ApiCacheGroup {
  /** CloudFront path pattern, e.g. /api/tutors* */
  pathPattern: string;
  /** Query parameters in the cache key, sorted. */
  queryStrings: string[];
}

/** CloudFront's quota of query strings in one cache policy's allow-list. */
export const MAX_QUERY_STRINGS_PER_CACHE_POLICY = 10;

export function apiCacheGroups(routes: readonly RouteDef[]): ApiCacheGroup[] {
  const groups = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.method !== 'GET' || route.access !== 'public' || !route.query) continue;
    // A provider's webhook check (WhatsApp's hub.challenge) is answered, never cached.
    if (route.path.startsWith('/api/webhooks/')) continue;
    const names = Object.keys(route.query.shape);
    if (names.length === 0) continue;
    const segment = route.path.split('/')[2];
    const pattern = `/api/${segment}*`;
    const set = groups.get(pattern) ?? new Set<string>();
    for (const name of names) set.add(name);
    groups.set(pattern, set);
  }
  return [...groups].map(([pathPattern, names]) => {
    const queryStrings = [...names].sort();
    if (queryStrings.length > MAX_QUERY_STRINGS_PER_CACHE_POLICY) {
      throw new Error(`${pathPattern}: ${queryStrings.length} documented query parameters, CloudFront keys at most ${MAX_QUERY_STRINGS_PER_CACHE_POLICY}`);
    }
    return { pathPattern, queryStrings };
  }).sort((a, b) => a.pathPattern.localeCompare(b.pathPattern));
}
