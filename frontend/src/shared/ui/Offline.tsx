/** What the app says when the connection is gone (issue 17): a banner, a placeholder, a held submit. */
import { useOnline } from '../online';
import type { HeldSubmit } from '../form-draft';
import { Button } from './Button';

/** A polite status at the top of every page while offline (the region stays, so it is announced). */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className={online ? 'offline-banner is-online' : 'offline-banner'}>
      {!online && (
        <p>
          <strong>You're offline.</strong> What is already on screen stays; the rest loads when you're back online.
        </p>
      )}
    </div>
  );
}

/** In place of a spinner when a query waits for the connection (TanStack's "paused"). */
export function OfflineState({ what = 'This page', inline = false }: { what?: string; inline?: boolean }) {
  const text = `${what} will load when you're back online.`;
  if (inline) return <p className="muted offline-note">{text}</p>;
  return (
    <div className="card state-card">
      <h2>You're offline</h2>
      <p>{text}</p>
    </div>
  );
}

/**
 * Under a form whose submit was held offline: first says the answers are kept, then (online)
 * asks once before sending. `onSend` submits the form again.
 */
export function HeldSubmitNotice({ submit, action, onSend }: { submit: HeldSubmit; action: string; onSend: () => void }) {
  if (!submit.held) return null;
  return (
    <div className="alert alert-info held-submit" role="status">
      {submit.online ? (
        <>
          <p>You're back online. Send it now?</p>
          <div className="held-submit-actions">
            <Button size="sm" onClick={onSend}>
              {action} now
            </Button>
            <Button size="sm" variant="ghost" onClick={submit.release}>
              Not now
            </Button>
          </div>
        </>
      ) : (
        <p>You're offline, so nothing was sent. Your answers are kept on this device; we'll ask before sending them when you're back online.</p>
      )}
    </div>
  );
}
