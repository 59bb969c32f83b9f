/**
 * Error boundaries that recover from failed chunk downloads (common on flaky mobile networks):
 * a chunk that failed is downloaded again (lazyWithRetry) on Retry, and by itself when the
 * connection comes back. The app's page boundary (app/ErrorBoundary) and PartBoundary below are
 * both this one with their own fallback.
 */
import { Component, type ReactNode } from 'react';
import { ChunkLoadError, retryFailedChunks } from '../lazy-retry';
import { onReconnect } from '../online';
import { LoadError } from './QueryState';
import { useUiText } from './text';

export interface Failure {
  /** A chunk download failed (rather than a render error). */
  chunk: boolean;
  /** A chunk failed and the device is offline. */
  offline: boolean;
  /** Downloads the failed chunks afresh and renders the children again. */
  retry: () => void;
}

interface Props {
  children: ReactNode;
  fallback: (failure: Failure) => ReactNode;
  /** Catch failed downloads only; other errors go on to the boundary above. */
  chunksOnly?: boolean;
  /** A new value (e.g. the selected tab) starts over with the new children. */
  resetKey?: unknown;
}

export class RecoveringBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };
  private stopWaiting: (() => void) | undefined;

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: { componentStack?: string | null }): void {
    const chunk = error instanceof ChunkLoadError;
    if (this.props.chunksOnly && !chunk) return;
    console.error('Page failed', error, info.componentStack);
    if (chunk) {
      this.stopWaiting?.();
      this.stopWaiting = onReconnect(this.retry);
    }
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.retry();
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
    // Not a download: the boundary above decides (the page's offers a reload).
    if (this.props.chunksOnly && !chunk) throw error;
    const offline = chunk && typeof navigator !== 'undefined' && !navigator.onLine;
    return this.props.fallback({ chunk, offline, retry: this.retry });
  }
}

/**
 * Around a part of a page that comes as a chunk of its own (the tutor dashboard's tabs, a form
 * fetched on intent): when its download fails, that part shows Retry in its place and the rest of
 * the page stays usable.
 */
export function PartBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  return (
    <RecoveringBoundary chunksOnly resetKey={resetKey} fallback={({ offline, retry }) => <PartFailed offline={offline} onRetry={retry} />}>
      {children}
    </RecoveringBoundary>
  );
}

function PartFailed({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const t = useUiText();
  return <LoadError title={t('part.failed')} text={offline ? t('part.offline') : undefined} onRetry={onRetry} retrying={false} />;
}
