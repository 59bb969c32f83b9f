/** Public tutor reads (no token, so signed-out visitors never load the auth bundle). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BrowseResponse, PublicTutorProfile, TutorSlotsResponse } from '@functions/tutors/contract';
import { api } from '../../shared/api';
import { browseQueryString, type BrowseFilters } from './browse-params';
import { tutorKeys } from './keys';

export const PAGE_SIZE = 12;

const tutorPath = (tutorId: string) => `/api/tutors/${encodeURIComponent(tutorId)}` as const;

export function browseTutorsQuery(filters: BrowseFilters) {
  return infiniteQueryOptions({
    queryKey: tutorKeys.browse(filters),
    queryFn: ({ pageParam, signal }) =>
      api<BrowseResponse>(`/api/tutors?${browseQueryString(filters, pageParam, PAGE_SIZE)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
}

export const tutorQuery = (tutorId: string) =>
  queryOptions({
    queryKey: tutorKeys.detail(tutorId),
    queryFn: ({ signal }) => api<PublicTutorProfile>(tutorPath(tutorId), { signal }),
  });

export const tutorSlotsQuery = (tutorId: string) =>
  queryOptions({
    queryKey: tutorKeys.slots(tutorId),
    queryFn: ({ signal }) => api<TutorSlotsResponse>(`${tutorPath(tutorId)}/slots`, { signal }),
    // Slots are taken by other students: refresh when the visitor comes back to the tab.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
