import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { shouldRetry } from '../shared/api';
import { startOnlineState } from '../shared/online';
import { ToastProvider } from '../shared/ui/toast';
import { SessionProvider } from '../features/auth/session';
import { loadAuthBackend, storedSessionExists } from './auth-loader';
import { AppRoutes } from './routes';

startOnlineState();

const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: offline, a query still asks once, so the service worker's copy of a public
    // answer is shown; without one it waits for the connection (paused) instead of failing.
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
    // A mutation is never held and replayed on reconnect: the user confirms a held submit (form-draft.ts).
    mutations: { networkMode: 'always' },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider loadBackend={loadAuthBackend} hasStoredSession={storedSessionExists}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
