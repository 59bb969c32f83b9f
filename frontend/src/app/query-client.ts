import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../shared/api';

/** The app's one query cache; the entry fills it before the first render (./prefetch). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
