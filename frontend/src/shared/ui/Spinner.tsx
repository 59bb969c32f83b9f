import { useUiText } from './text';

interface SpinnerProps {
  label?: string;
  size?: 'sm' | 'md';
  /** Purely visual (e.g. inside a busy button that already says aria-busy). */
  decorative?: boolean;
}

export function Spinner({ label, size = 'md', decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
  return (
    <span className={`spinner spinner-${size}`} role="status">
      <span className="visually-hidden">{label ?? <LoadingText />}</span>
    </span>
  );
}

/** "Loading…" in the active language (a component, so a decorative spinner needs no catalog). */
function LoadingText() {
  return useUiText()('loading');
}

/** Full-page placeholder while a route chunk or the session loads; keeps layout height stable. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} />
    </div>
  );
}
