/** What the app says when the connection is gone: a banner, a placeholder, a held submit. */
import { useOnline } from '../online';
import type { HeldSubmit } from '../form-draft';
import { Trans } from '@lingui/react';
import { Button } from './Button';
import { useUiText } from './text';

/** A polite status at the top of every page while offline (the region stays, so it is announced). */
export function OfflineBanner() {
  const online = useOnline();
  useUiText(); // the message's catalog, in the active language
  return (
    <div role="status" aria-live="polite" className={online ? 'offline-banner is-online' : 'offline-banner'}>
      {!online && (
        <p>
          <Trans id={useUiText.id('offline.banner')} components={{ 0: <strong /> }} />
        </p>
      )}
    </div>
  );
}

/**
 * In place of a spinner when a query waits for the connection (TanStack's "paused"). `what` names
 * what will load ("Available times"), in the active language; without it, this page.
 */
export function OfflineState({ what, inline = false }: { what?: string; inline?: boolean }) {
  const t = useUiText();
  const text = what ? t('offline.willLoad', { what }) : t('offline.thisPage');
  if (inline) return <p className="muted offline-note">{text}</p>;
  return (
    <div className="card state-card">
      <h2>{t('offline.title')}</h2>
      <p>{text}</p>
    </div>
  );
}

/**
 * Under a form whose submit was held offline: first says the answers are kept, then (online)
 * asks once before sending. `onSend` submits the form again.
 */
export function HeldSubmitNotice({ submit, action, onSend }: { submit: HeldSubmit; action: string; onSend: () => void }) {
  const t = useUiText();
  if (!submit.held) return null;
  return (
    <div className="alert alert-info held-submit" role="status">
      {submit.online ? (
        <>
          <p>{t('held.backOnline')}</p>
          <div className="held-submit-actions">
            <Button size="sm" onClick={onSend}>
              {t('held.sendNow', { action })}
            </Button>
            <Button size="sm" variant="ghost" onClick={submit.release}>
              {t('held.notNow')}
            </Button>
          </div>
        </>
      ) : (
        <p>{t('held.kept')}</p>
      )}
    </div>
  );
}
