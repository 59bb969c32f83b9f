import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '../shared/ui/toast';
import { SessionProvider } from '../features/auth/session';
import { loadAuthBackend, storedSessionExists, storedUser } from './auth-loader';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';

/** Everything around the router. The build's prerender (src/prerender.tsx) renders the same tree. */
export function AppProviders({ children, signedOut = false }: { children: ReactNode; signedOut?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider
          loadBackend={loadAuthBackend}
          hasStoredSession={signedOut ? () => false : storedSessionExists}
          storedUser={signedOut ? () => null : storedUser}
        >
          {children}
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
