/** Certificate reads and the super admin's revoke, by route name; the revoke refreshes every certificate read. */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { courseKeys } from '../courses';
import { scopeKey } from '../households';
import { certificateKeys } from './keys';

export const certificateQuery = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.byCode(code),
    queryFn: ({ signal }) => callApi('getCertificate', { params: { code }, signal }),
    retry: false,
  });

/** The viewer's certificates, or (a parent) the chosen child's. */
export const myCertificatesQuery = (learnerId?: string) =>
  queryOptions({
    queryKey: [...certificateKeys.mine, scopeKey(learnerId)] as const,
    queryFn: ({ signal }) => callApi('listMyCertificates', { query: { learnerId }, signal }),
  });

export const myBadgesQuery = (learnerId?: string) =>
  queryOptions({
    queryKey: [...certificateKeys.badges, scopeKey(learnerId)] as const,
    queryFn: ({ signal }) => callApi('listMyBadges', { query: { learnerId }, signal }),
  });

export const PROGRAMS_PAGE_SIZE = 12;

/** Published certification programs, newest first (under the courses keys: course changes refresh it). */
export const programsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...courseKeys.all, 'programs'] as const,
    queryFn: ({ pageParam, signal }) =>
      callApi('browseCourses', { query: { program: 'true', limit: PROGRAMS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

/** Super admin: the one certificate with `code`, or all of them newest first. */
export const adminCertificatesQuery = (code: string) =>
  infiniteQueryOptions({
    queryKey: certificateKeys.admin(code),
    queryFn: ({ pageParam, signal }) =>
      callApi('listCertificates', { query: { ...(code ? { code } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) =>
      callApi('revokeCertificate', { params: { code }, body: { reason: reason.trim() } }),
    onSettled: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}
