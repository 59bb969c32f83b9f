/**
 * React.lazy remembers a failed import for good: a route chunk that failed to download offline
 * kept failing on "Try again" until a full reload. A lazyWithRetry component whose import failed
 * keeps failing (so the error boundary shows it, with no loop of downloads) until
 * retryFailedChunks() is called, by the boundary's Try again or when the connection comes back;
 * then its next render imports the chunk afresh (browsers refetch a module whose fetch failed).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A code chunk could not be downloaded (offline, or the connection dropped). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'A part of the app could not be downloaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** How to start over, for each component whose import failed. */
const failed = new Set<() => void>();

export function retryFailedChunks(): void {
  const renewals = [...failed];
  failed.clear();
  for (const renew of renewals) renew();
}

export function lazyWithRetry<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failed.add(renew);
          throw new ChunkLoadError(error);
        },
      ),
    );
  let current = attempt();
  const renew = () => {
    current = attempt();
  };
  return function RetryingLazy(props: P) {
    const Current = current as ComponentType<P>;
    return <Current {...props} />;
  };
}
