import type { ReactNode } from 'react';
import { RecoveringBoundary } from '../shared/ui/PartBoundary';
import { useAppText } from './text';

/**
 * Catches render errors and failed route-chunk downloads (common on flaky mobile networks) and
 * offers a way on instead of a blank screen. A chunk that failed is downloaded again (lazyWithRetry)
 * on Try again, and by itself when the connection comes back; other errors reload the page.
 */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <RecoveringBoundary fallback={({ chunk, offline, retry }) => <PageFailed offline={offline} onRetry={chunk ? retry : () => window.location.reload()} />}>
      {children}
    </RecoveringBoundary>
  );
}

/** What the boundary shows instead of the page (a function component, for the message hook). */
function PageFailed({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const t = useAppText();
  return (
    <main className="centered-page" id="main">
      <div className="card narrow" role="alert">
        <h1>{offline ? t('failed.offlineTitle') : t('failed.title')}</h1>
        <p>{offline ? t('failed.offlineText') : t('failed.text')}</p>
        <button type="button" className="btn btn-primary btn-md" onClick={onRetry}>
          {t('failed.retry')}
        </button>
      </div>
    </main>
  );
}
