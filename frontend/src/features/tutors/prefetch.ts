/**
 * The public tutor pages' first API calls, made as the pages make them (same query options), for
 * the entry's prefetch table (app/prefetch.ts). A chunk of its own so the landing page, which
 * reads no tutors, does not download the browse filters and queries; index.html and
 * /browse-tutors' HTML preload it (frontend/early-chunks.ts), so the calls still start at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { filtersFromParams } from './browse-params';
import { browseTutorsQuery, tutorQuery, tutorSlotsQuery } from './public-api';

export function prefetchBrowse(client: QueryClient, search: URLSearchParams) {
  const filters = filtersFromParams(search);
  return client.prefetchInfiniteQuery(browseTutorsQuery({ ...filters, q: filters.q.trim() }));
}

export function prefetchTutorAndSlots(client: QueryClient, tutorId: string) {
  return Promise.all([client.prefetchQuery(tutorQuery(tutorId)), client.prefetchQuery(tutorSlotsQuery(tutorId))]);
}
