/**
 * Around a part of a page that comes as a chunk of its own (the tutor dashboard's tabs, a form
 * fetched on intent): when its download fails (offline, a dropped connection), that part shows
 * Retry in its place and the rest of the page stays usable; it also retries by itself when the
 * connection comes back. Any other error goes on to the page's boundary (app/ErrorBoundary).
 */
import { Component, type ReactNode } from 'react';
import { ChunkLoadError, retryFailedChunks } from '../lazy-retry';
import { onReconnect } from '../online';
import { LoadError } from './QueryState';
import { useUiText } from './text';

interface Props {
  children: ReactNode;
  /** A new value (e.g. the selected tab) starts over with the new part. */
  resetKey?: unknown;
}

export class PartBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };
  private stopWaiting: (() => void) | undefined;

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    if (!(error instanceof ChunkLoadError)) return;
    this.stopWaiting?.();
    this.stopWaiting = onReconnect(this.retry);
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
    // Not a download: the page's own boundary decides (it offers a reload).
    if (!(error instanceof ChunkLoadError)) throw error;
    return <PartFailed onRetry={this.retry} />;
  }
}

function PartFailed({ onRetry }: { onRetry: () => void }) {
  const t = useUiText();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return <LoadError title={t('part.failed')} text={offline ? t('part.offline') : undefined} onRetry={onRetry} retrying={false} />;
}
