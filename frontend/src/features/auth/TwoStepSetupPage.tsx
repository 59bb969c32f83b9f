/**
 * "Set up two-step sign-in": where a super admin without an authenticator app lands before any
 * admin page (the API refuses admin routes until this is done). QR code of the otpauth:// link,
 * the secret for typing in by hand, then a code from the app to prove it works.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@functions/profiles/contract';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { QrCode } from '../../shared/ui/QrCode';
import { useSession } from './session';
import { TotpCodeField } from './TotpCodeField';
import { groupedSecret } from './two-step';
import { useAuthText } from './text';
import { useTotpCodeForm } from './useTotpCodeForm';
import { authKeys } from './keys';
import { useMe } from './useMe';
import './auth.css';

type Setup = { status: 'starting' } | { status: 'failed' } | { status: 'ready'; secret: string; uri: string };

export function TwoStepSetupPage() {
  const t = useAuthText();
  useDocumentTitle(t('setup.title'));
  const { session } = useSession();
  const { profile } = useMe();
  const queryClient = useQueryClient();
  const toast = useToast();
  const account = profile?.email ?? (session.status === 'signed-in' ? session.email : undefined) ?? '';
  const [setup, setSetup] = useState<Setup>({ status: 'starting' });
  const started = useRef(false);

  // Each AssociateSoftwareToken makes a new secret on AWS: start once, so the QR shown is the live one.
  const start = useCallback(async () => {
    setSetup({ status: 'starting' });
    try {
      const auth = await import('./amplify');
      setSetup({ status: 'ready', ...(await auth.startTotpSetup(account)) });
    } catch (err) {
      console.error('Two-step set-up could not start', err);
      setSetup({ status: 'failed' });
    }
  }, [account]);

  useEffect(() => {
    if (started.current || !account) return;
    started.current = true;
    void start();
  }, [account, start]);

  const { code, setCode, error, busy, onSubmit } = useTotpCodeForm(async (value) => {
    const auth = await import('./amplify');
    await auth.finishTotpSetup(value);
    toast.success(t('setup.done'));
    // The guard now lets admin pages open and sends this page back to where the admin was going.
    if (session.status === 'signed-in') {
      queryClient.setQueryData<MeResponse>(authKeys.me(session.userId), (old) => (old ? { ...old, mfaSetupRequired: false } : old));
    }
  }, 'twoStep.setupFailed', 'Two-step set-up');

  return (
    <main className="centered-page" id="main">
      <section className="card two-step" aria-labelledby="two-step-title">
        <h1 id="two-step-title">{t('setup.title')}</h1>
        <p>{t('setup.intro')}</p>
        {setup.status === 'starting' && <Spinner label={t('setup.preparing')} />}
        {setup.status === 'failed' && (
          <div className="alert alert-error" role="alert">
            <p>{t('twoStep.setupFailed')}</p>
            <Button variant="secondary" onClick={() => void start()}>
              {t('setup.tryAgain')}
            </Button>
          </div>
        )}
        {setup.status === 'ready' && (
          <ol className="two-step-steps">
            <li>
              <p>{t('setup.scan')}</p>
              <QrCode value={setup.uri} label={t('setup.qrLabel')} />
            </li>
            <li>
              <p>{t('setup.byHand')}</p>
              <p>
                <code className="two-step-secret" aria-label={t('setup.keyLabel')}>
                  {groupedSecret(setup.secret)}
                </code>
              </p>
              {account && <p className="muted">{t('setup.account', { account })}</p>}
            </li>
            <li>
              <p>{t('setup.enterCode')}</p>
              <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
                <TotpCodeField id="two-step-code" value={code} onValue={setCode} error={error ?? undefined} />
                <Button type="submit" size="lg" busy={busy}>
                  {t('setup.submit')}
                </Button>
              </form>
            </li>
          </ol>
        )}
      </section>
    </main>
  );
}
