/**
 * GET /api/me through TanStack Query with the role-cache settings (5 min stale,
 * 10 min kept, 3 retries, no refetch on mount or focus). A 401 ends the local session.
 */
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@functions/profiles/contract';
import { callApi, shouldRetry } from '../../shared/api';
import { meStateFrom, viewerFrom, type MeState, type Viewer } from './access';
import { authKeys } from './keys';
import { useSession } from './session';

export function meQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.me(userId),
    queryFn: ({ signal }) => callApi('getMe', { signal }),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: shouldRetry,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
}

export interface MeResult {
  me: MeState;
  profile: Profile | undefined;
}

export function useMe(): MeResult {
  const { session, expire } = useSession();
  const signedIn = session.status === 'signed-in';
  const query = useQuery({ ...meQueryOptions(signedIn ? session.userId : ''), enabled: signedIn });
  const me = meStateFrom(query);
  const unauthenticated = signedIn && me.kind === 'unauthenticated';

  useEffect(() => {
    if (unauthenticated) void expire();
  }, [unauthenticated, expire]);

  return { me, profile: query.data?.profile };
}

/** The viewer of an open page: visitor, a signed-in user with a known role, or not known yet. */
export function useViewer(): Viewer {
  const { session } = useSession();
  const { me, profile } = useMe();
  const viewer = viewerFrom(session, me);
  if (viewer.kind !== 'user') return viewer;
  if (profile?.parentApproval === 'pending') return { ...viewer, waitingForParent: true };
  return profile?.parentId ? { ...viewer, linked: true } : viewer;
}
