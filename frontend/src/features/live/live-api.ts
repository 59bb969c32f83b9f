/**
 * Live lesson calls by route name (types only from the contracts): the session read, which polls
 * while the other party can still move the state on, and the mutations that only touch the
 * session (create, join, the demo room). Each mutation's answer is the newest state: it goes
 * straight into the cache. Ending also changes the bookings: see end-session.ts.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveSessionView } from '@functions/live/contract';
import { callApi } from '../../shared/api';
import { liveKeys } from './keys';
import { hasNoClass, pollInterval } from './live-view';

export const liveSessionQuery = (bookingId: string) =>
  queryOptions({
    queryKey: liveKeys.session(bookingId),
    queryFn: ({ signal }) => callApi('getLiveSession', { params: { bookingId }, signal }),
    select: (data) => data.session,
    // The other party starts or ends the class: ask again every few seconds until it has ended.
    // TanStack Query pauses the interval while the tab is hidden (refetchIntervalInBackground off).
    // A lesson that has no class any more (cancelled meanwhile) will not get one back: stop asking.
    refetchInterval: (query) => (hasNoClass(query.state.error) ? false : pollInterval(query.state.data?.session)),
    refetchOnWindowFocus: true,
  });

export function rememberSession(client: QueryClient, session: LiveSessionView): void {
  client.setQueryData(liveKeys.session(session.bookingId), { session });
}

/**
 * The tutor creates the room (Create meeting on the page); `start: true` is Start Class on the
 * Bookings tab, which makes it live at once. Repeating it changes nothing on the server.
 */
export function useCreateLiveSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, start }: { bookingId: string; start?: boolean }) =>
      callApi('createLiveSession', { params: { bookingId }, body: start ? { start } : {} }),
    onSuccess: ({ session }) => rememberSession(client, session),
  });
}

/** A signed join URL for the caller (the server decides moderator or attendee); records attendance. */
export function useJoinLiveSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => callApi('joinLiveSession', { params: { bookingId } }),
    onSuccess: ({ session }) => rememberSession(client, session),
  });
}

/** The demo room: nothing is stored, so nothing to refresh. */
export function useJoinDemoSession() {
  return useMutation({ mutationFn: () => callApi('joinDemoSession') });
}
