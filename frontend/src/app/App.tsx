import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { shouldRetry } from '../shared/api';
import { ToastProvider } from '../shared/ui/toast';
import { SessionProvider } from '../features/auth/session';
import { loadAuthBackend, storedSessionExists } from './auth-loader';
import { AppRoutes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
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
