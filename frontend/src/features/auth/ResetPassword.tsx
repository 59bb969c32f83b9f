/**
 * Forgot password: Cognito e-mails a code; the user enters it with a new password and is signed
 * in with it. (Locally the emulator sends no e-mail and accepts any 6-digit code.)
 */
import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { authErrorMessage } from './errors';
import { TextField } from './fields';
import { resetFormProblem } from './form-rules';
import { useAuthText } from './text';

interface ResetPasswordProps {
  initialEmail: string;
  isLocal: boolean;
  headingId: string;
  /** Called with the new credentials once the password is changed. */
  onReset: (email: string, password: string) => Promise<void>;
  onBack: () => void;
}

export function ResetPassword({ initialEmail, isLocal, headingId, onReset, onBack }: ResetPasswordProps) {
  const t = useAuthText();
  const toast = useToast();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sendCode = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) {
      setError(t('messages.fillAllFields'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await (await import('./amplify')).requestPasswordReset(address);
      setSentTo(address);
      if (sentTo) toast.info(t('code.resent', { email: address }));
    } catch (err) {
      console.error('Password reset request failed', err);
      setError(authErrorMessage(err, t('reset.sendFailed'), t));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { isCommonPassword } = await import('@functions/auth/common-passwords-catalog');
    const problem = resetFormProblem(code.trim(), password, confirm, isCommonPassword);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await (await import('./amplify')).confirmPasswordReset(sentTo!, code.trim(), password);
      toast.success(t('reset.changed'));
      await onReset(sentTo!, password);
    } catch (err) {
      console.error('Password reset failed', err);
      setError(authErrorMessage(err, t('reset.failed'), t));
    } finally {
      setBusy(false);
    }
  };

  const errorBox = error && (
    <p id="reset-error" className="alert alert-error" role="alert">
      {error}
    </p>
  );

  return (
    <div className="confirm">
      <h1 id={headingId} className="auth-title">
        {t('reset.title')}
      </h1>
      {sentTo === null ? (
        <form className="form" noValidate onSubmit={(event) => void sendCode(event)} aria-describedby={error ? 'reset-error' : undefined}>
          <p>{t('reset.intro')}</p>
          <TextField id="reset-email" label={t('field.email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          {errorBox}
          <Button type="submit" size="lg" busy={busy}>
            {t('reset.send')}
          </Button>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? 'reset-error' : undefined}>
          <p>
            <Trans id={useAuthText.id('reset.enterCode')} values={{ email: sentTo }} components={{ 0: <strong /> }} />
          </p>
          {isLocal && <p className="muted">{t('confirm.localEmulator')}</p>}
          <TextField id="reset-code" label={t('field.confirmationCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
          <TextField id="reset-password" label={t('field.newPassword')} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <TextField id="reset-confirm" label={t('field.confirmNewPassword')} type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
          {errorBox}
          <Button type="submit" size="lg" busy={busy}>
            {t('reset.submit')}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => void sendCode()} disabled={busy}>
            {t('code.resend')}
          </Button>
        </form>
      )}
      <Button type="button" variant="ghost" size="sm" onClick={onBack}>
        {t('reset.back')}
      </Button>
    </div>
  );
}
