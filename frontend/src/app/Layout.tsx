import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { OfflineBanner } from '../shared/ui/Offline';
import { PageLoading } from '../shared/ui/Spinner';
import { ErrorBoundary } from './ErrorBoundary';

/** Every page renders under the offline banner, inside one Suspense boundary (route chunks) and one error boundary. */
export function Layout() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <OfflineBanner />
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
