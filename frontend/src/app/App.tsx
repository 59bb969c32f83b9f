import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '../shared/ui/toast';
import { SessionProvider } from '../features/auth/session';
import { loadAuthBackend, storedSessionExists, storedUser } from './auth-loader';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider loadBackend={loadAuthBackend} hasStoredSession={storedSessionExists} storedUser={storedUser}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
