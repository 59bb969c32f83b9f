import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError, retryFailedChunks } from '../shared/lazy-retry';
import { onReconnect } from '../shared/online';
import { useAppText } from './text';

interface State {
  error: Error | null;
}

/**
 * Catches render errors and failed route-chunk downloads (common on flaky mobile networks) and
 * offers a way on instead of a blank screen. A chunk that failed is downloaded again (lazyWithRetry)
 * on Try again, and by itself when the connection comes back; other errors reload the page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };
  private stopWaiting: (() => void) | undefined;

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
    if (error instanceof ChunkLoadError) {
      this.stopWaiting?.();
      this.stopWaiting = onReconnect(this.retry);
    }
  }

  override componentWillUnmount(): void {
    this.stopWaiting?.();
  }

  private retry = () => {
    this.stopWaiting?.();
    this.stopWaiting = undefined;
    retryFailedChunks();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    const offline = chunk && typeof navigator !== 'undefined' && !navigator.onLine;
    return <PageFailed offline={offline} onRetry={chunk ? this.retry : () => window.location.reload()} />;
  }
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
