/** Public tutor reads (no token, so signed-out visitors never load the auth bundle). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { browseQuery, type BrowseFilters } from './browse-params';
import { tutorKeys } from './keys';

export const PAGE_SIZE = 12;

export function browseTutorsQuery(filters: BrowseFilters) {
  return infiniteQueryOptions({
    queryKey: tutorKeys.browse(filters),
    queryFn: ({ pageParam, signal }) => callApi('browseTutors', { query: browseQuery(filters, pageParam, PAGE_SIZE), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
}

export const tutorQuery = (tutorId: string) =>
  queryOptions({
    queryKey: tutorKeys.detail(tutorId),
    queryFn: ({ signal }) => callApi('getTutor', { params: { tutorId }, signal }),
  });

export const tutorSlotsQuery = (tutorId: string) =>
  queryOptions({
    queryKey: tutorKeys.slots(tutorId),
    queryFn: ({ signal }) => callApi('getTutorSlots', { params: { tutorId }, signal }),
    // Slots are taken by other students: refresh when the visitor comes back to the tab.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
