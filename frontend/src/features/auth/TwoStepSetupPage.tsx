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
import { groupedSecret, twoStepMessages } from './two-step';
import { useTotpCodeForm } from './useTotpCodeForm';
import { authKeys } from './keys';
import { useMe } from './useMe';
import './auth.css';

type Setup = { status: 'starting' } | { status: 'failed' } | { status: 'ready'; secret: string; uri: string };

export function TwoStepSetupPage() {
  useDocumentTitle('Set up two-step sign-in');
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
    toast.success('Two-step sign-in is on. From now on you will enter a code from your app when you sign in.');
    // The guard now lets admin pages open and sends this page back to where the admin was going.
    if (session.status === 'signed-in') {
      queryClient.setQueryData<MeResponse>(authKeys.me(session.userId), (old) => (old ? { ...old, mfaSetupRequired: false } : old));
    }
  }, twoStepMessages.setupFailed, 'Two-step set-up');

  return (
    <main className="centered-page" id="main">
      <section className="card two-step" aria-labelledby="two-step-title">
        <h1 id="two-step-title">Set up two-step sign-in</h1>
        <p>
          Super admins see identity documents and payments, so signing in takes a second step: a code from an
          authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
        </p>
        {setup.status === 'starting' && <Spinner label="Preparing your QR code…" />}
        {setup.status === 'failed' && (
          <div className="alert alert-error" role="alert">
            <p>{twoStepMessages.setupFailed}</p>
            <Button variant="secondary" onClick={() => void start()}>
              Try again
            </Button>
          </div>
        )}
        {setup.status === 'ready' && (
          <ol className="two-step-steps">
            <li>
              <p>Scan this QR code with your authenticator app.</p>
              <QrCode value={setup.uri} label="QR code to add Africa's Learning Platform to your authenticator app" />
            </li>
            <li>
              <p>Can't scan it? Add an account by hand with this key (time-based):</p>
              <p>
                <code className="two-step-secret" aria-label="Setup key">
                  {groupedSecret(setup.secret)}
                </code>
              </p>
              {account && <p className="muted">Account: {account}</p>}
            </li>
            <li>
              <p>Enter the 6-digit code the app now shows.</p>
              <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
                <TotpCodeField id="two-step-code" value={code} onValue={setCode} error={error ?? undefined} />
                <Button type="submit" size="lg" busy={busy}>
                  Verify and turn on
                </Button>
              </form>
            </li>
          </ol>
        )}
      </section>
    </main>
  );
}
