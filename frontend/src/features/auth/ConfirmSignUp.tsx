import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react';
import type { AccountType } from '@functions/auth/accounts-catalog';
import { ApiError, callApi } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { authErrorMessage } from './errors';
import { TotpCodeField } from './TotpCodeField';
import { CONFIRMATION_CODE } from './form-rules';
import type { Credentials } from './SignInForm';
import { useAuthText } from './text';

interface ConfirmSignUpProps {
  credentials: Credentials;
  /** The sign-up response text, when we come from Create Account. */
  notice?: string | undefined;
  isLocal: boolean;
  headingId: string;
  onConfirmed: (accountType: AccountType | null) => Promise<void>;
  onBack: () => void;
}

export function ConfirmSignUp({ credentials, notice, isLocal, headingId, onConfirmed, onBack }: ConfirmSignUpProps) {
  const t = useAuthText();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const { email, password, accountType } = credentials;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!CONFIRMATION_CODE.test(value)) {
      setError(t('code.sixDigits'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const auth = await import('./amplify');
      await auth.confirmEmail(email, value);
      const outcome = await auth.signInWithPassword(email, password);
      if (outcome === 'signed-in') {
        await onConfirmed(accountType);
        return;
      }
      setError(t('messages.signInFailed'));
    } catch (err) {
      console.error('Confirmation failed', err);
      setError(authErrorMessage(err, t('confirm.failed'), t));
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    setResending(true);
    try {
      // Through the API, which limits new codes per address and per network (Cognito refuses them from the SPA's client).
      const response = await callApi('resendCode', { body: { email } });
      toast.info(response.message);
    } catch (err) {
      console.error('Resend failed', err);
      toast.error(err instanceof ApiError && err.fromServer ? err.message : t('code.resendFailed'));
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="confirm">
      <h1 id={headingId} className="auth-title">
        {t('confirm.title')}
      </h1>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <p>
        <Trans id={useAuthText.id('confirm.enterCode')} values={{ email }} components={{ 0: <strong /> }} />
      </p>
      {isLocal && <p className="alert alert-info">{t('confirm.localEmulator')}</p>}
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TotpCodeField id="confirmation-code" label={t('field.confirmationCode')} value={code} onValue={setCode} error={error ?? undefined} />
        <Button type="submit" size="lg" busy={busy}>
          {t('confirm.submit')}
        </Button>
        <div className="actions center">
          <Button variant="secondary" busy={resending} onClick={() => void onResend()}>
            {t('code.resend')}
          </Button>
          <button type="button" className="btn-link" onClick={onBack}>
            {t('backToSignIn')}
          </button>
        </div>
      </form>
    </div>
  );
}
