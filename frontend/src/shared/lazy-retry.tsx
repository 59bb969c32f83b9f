/**
 * React.lazy remembers a failed import for good: a route chunk that failed to download offline
 * kept failing on "Try again" until a full reload. lazyWithRetry starts a fresh import after a
 * failure, so the next render (the error boundary's Try again, or the connection coming back)
 * downloads the chunk again; browsers refetch a module whose fetch failed.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A code chunk could not be downloaded (offline, or the connection dropped). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'A part of the app could not be downloaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function lazyWithRetry<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = attempt();
          throw new ChunkLoadError(error);
        },
      ),
    );
  let current = attempt();
  return function RetryingLazy(props: P) {
    const Current = current as ComponentType<P>;
    return <Current {...props} />;
  };
}
