/**
 * The three states every server list or record passes through before it can be shown: loading,
 * failed (with a Retry), and loaded but empty. Pages pick one of three looks for a failure:
 * a page-level `card`, a `block` inside a section, or an `inline` sentence.
 */
import type { ReactElement, ReactNode } from 'react';
import { Button } from './Button';
import { OfflineState } from './Offline';
import { PageLoading, Spinner } from './Spinner';
import { useUiText } from './text';

/** What QueryState reads from a TanStack query result (useQuery or useInfiniteQuery). */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** 'paused': waiting for the connection to come back (TanStack Query's online manager). */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

export interface LoadErrorProps {
  title: string;
  /** card look only: the sentence under the heading. */
  text?: string;
  look?: 'card' | 'block' | 'inline';
  /** card look only: the heading level (h1 when the failure is the whole page). */
  heading?: 'h1' | 'h2';
  className?: string;
  /** Put the inline or block failure in a card of its own (when it stands for a whole section). */
  inCard?: boolean;
}

/** A failed load, with a Retry that refetches. */
export function LoadError({
  title,
  text,
  look = 'card',
  heading: Heading = 'h2',
  className,
  inCard = false,
  onRetry,
  retrying,
}: LoadErrorProps & { onRetry: () => void; retrying: boolean }) {
  const t = useUiText();
  if (inCard) {
    return (
      <section className="card">
        <LoadError title={title} look={look} className={className} onRetry={onRetry} retrying={retrying} />
      </section>
    );
  }
  if (look === 'inline') {
    return (
      <p role="alert" className={className}>
        {title}{' '}
        <button type="button" className="btn-link" onClick={onRetry}>
          {t('load.retry')}
        </button>
      </p>
    );
  }
  if (look === 'block') {
    return (
      <div className={className} role="alert">
        <p>{title}</p>
        <Button size="sm" variant="secondary" busy={retrying} onClick={onRetry}>
          {t('load.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="card state-card" role="alert">
      <Heading>{title}</Heading>
      <p>{text ?? t('load.checkConnection')}</p>
      <Button busy={retrying} onClick={onRetry}>
        {t('load.retry')}
      </Button>
    </div>
  );
}

/** A page-level message card (nothing found, nothing yet) with an optional action. */
export function StateCard({ title, text, heading: Heading = 'h2', children }: { title: string; text: string; heading?: 'h1' | 'h2'; children?: ReactNode }) {
  return (
    <div className="card state-card">
      <Heading>{title}</Heading>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** A small spinner and its text on one line, for a loading part of a card. */
export function InlineLoading({ label }: { label: string }) {
  return (
    <p className="calendar-status">
      <Spinner size="sm" label={label} /> {label}
    </p>
  );
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** A label for the page spinner, or an element of its own (skeletons, InlineLoading). */
  loading: string | ReactElement;
  error: LoadErrorProps;
  /** Shown instead of children when the loaded data holds nothing. */
  empty?: { when: (data: T) => boolean; show: ReactNode };
  children: (data: T) => ReactNode;
}

/**
 * Loading (or, offline with nothing to show, a note that it loads when the connection is back:
 * not a spinner that never ends), then the error (only while there is nothing loaded to show: a
 * failed refresh keeps the data on screen), the empty state, or the children with the data.
 */
export function QueryState<T>({ query, loading, error, empty, children }: QueryStateProps<T>) {
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineState />;
  if (query.isPending) return typeof loading === 'string' ? <PageLoading label={loading} /> : loading;
  if (query.data === undefined) {
    return <LoadError {...error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (empty?.when(query.data)) return <>{empty.show}</>;
  return <>{children(query.data)}</>;
}
