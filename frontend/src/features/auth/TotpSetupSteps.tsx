/**
 * Adding an authenticator app, the steps: QR code of the otpauth:// link, the secret for typing in
 * by hand, then a code from the app to prove it works (which turns TOTP on, preferred). Used by the
 * two-step set-up page and by a new admin's enrolment.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { QrCode } from '../../shared/ui/QrCode';
import { TotpCodeField } from './TotpCodeField';
import { groupedSecret } from './two-step';
import { useAuthText } from './text';
import { useTotpCodeForm } from './useTotpCodeForm';

type Setup = { status: 'starting' } | { status: 'failed' } | { status: 'ready'; secret: string; uri: string };

/** `onDone` runs once the app's code is accepted and TOTP is on. */
export function TotpSetupSteps({ account, onDone }: { account: string; onDone: () => Promise<void> }) {
  const t = useAuthText();
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
    await onDone();
  }, 'twoStep.setupFailed', 'Two-step set-up');

  return (
    <>
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
    </>
  );
}
