import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../shared/api';
import { startOnlineState } from '../shared/online';

startOnlineState();

/** The app's one query cache; the entry fills it before the first render (./prefetch). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: offline, a query still asks once, so the service worker's copy of a public
    // answer is shown; without one it waits for the connection (paused) instead of failing.
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
    // A mutation is never held and replayed on reconnect: the user confirms a held submit (form-draft.ts).
    mutations: { networkMode: 'always' },
  },
});
