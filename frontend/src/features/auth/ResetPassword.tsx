/**
 * Forgot password: Cognito e-mails a code; the user enters it with a new password and is signed
 * in with it. (Locally the emulator sends no e-mail and accepts any 6-digit code.)
 */
import { useState, type FormEvent } from 'react';
import { messages } from '@functions/auth/accounts';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { authErrorMessage } from './errors';
import { TextField } from './fields';
import { resetFormProblem } from './form-rules';

interface ResetPasswordProps {
  initialEmail: string;
  isLocal: boolean;
  headingId: string;
  /** Called with the new credentials once the password is changed. */
  onReset: (email: string, password: string) => Promise<void>;
  onBack: () => void;
}


export function ResetPassword({ initialEmail, isLocal, headingId, onReset, onBack }: ResetPasswordProps) {
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
      setError(messages.fillAllFields);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await (await import('./amplify')).requestPasswordReset(address);
      setSentTo(address);
      if (sentTo) toast.info(`We sent a new code to ${address}.`);
    } catch (err) {
      console.error('Password reset request failed', err);
      setError(authErrorMessage(err, 'We could not send a reset code. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resetFormProblem(code.trim(), password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await (await import('./amplify')).confirmPasswordReset(sentTo!, code.trim(), password);
      toast.success('Your password has been changed.');
      await onReset(sentTo!, password);
    } catch (err) {
      console.error('Password reset failed', err);
      setError(authErrorMessage(err, 'We could not change your password. Please check the code and try again.'));
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
        Reset your password
      </h1>
      {sentTo === null ? (
        <form className="form" noValidate onSubmit={(event) => void sendCode(event)} aria-describedby={error ? 'reset-error' : undefined}>
          <p>Enter your account's e-mail and we will send you a code to choose a new password.</p>
          <TextField id="reset-email" label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          {errorBox}
          <Button type="submit" size="lg" busy={busy}>
            Send reset code
          </Button>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? 'reset-error' : undefined}>
          <p>
            Enter the 6-digit code we e-mailed to <strong>{sentTo}</strong> and choose a new password.
          </p>
          {isLocal && <p className="muted">Local emulator: any 6-digit code is accepted.</p>}
          <TextField id="reset-code" label="Confirmation code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
          <TextField id="reset-password" label="New Password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <TextField id="reset-confirm" label="Confirm New Password" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
          {errorBox}
          <Button type="submit" size="lg" busy={busy}>
            Change password
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => void sendCode()} disabled={busy}>
            Resend code
          </Button>
        </form>
      )}
      <Button type="button" variant="ghost" size="sm" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
