import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '../shared/ui/toast';
import { SessionProvider, useSession } from '../features/auth/session';
import { loadAuthBackend, storedSessionExists, storedUser } from './auth-loader';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';

// Only signed-in users have a profile language: visitors never download this.
const ProfileLanguage = lazy(() => import('../features/auth/language').then((m) => ({ default: m.ProfileLanguage })));

function SignedInLanguage() {
  const { session } = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <ProfileLanguage />
    </Suspense>
  );
}

/** Everything around the router. The build's prerender (src/prerender.tsx) renders the same tree. */
export function AppProviders({ children, signedOut = false }: { children: ReactNode; signedOut?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <ToastProvider>
          <SessionProvider
            loadBackend={loadAuthBackend}
            hasStoredSession={signedOut ? () => false : storedSessionExists}
            storedUser={signedOut ? () => null : storedUser}
          >
            {!signedOut && <SignedInLanguage />}
            {children}
          </SessionProvider>
        </ToastProvider>
      </I18nProvider>
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
