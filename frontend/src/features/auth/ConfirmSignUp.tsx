import { useState, type FormEvent } from 'react';
import { messages, type AccountType } from '@functions/auth/accounts';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { authErrorMessage } from './errors';
import { TotpCodeField } from './TotpCodeField';
import { CONFIRMATION_CODE } from './form-rules';
import type { Credentials } from './SignInForm';

interface ConfirmSignUpProps {
  credentials: Credentials;
  /** The sign-up response text (spec §8), when we come from Create Account. */
  notice?: string | undefined;
  isLocal: boolean;
  headingId: string;
  onConfirmed: (accountType: AccountType | null) => Promise<void>;
  onBack: () => void;
}

export function ConfirmSignUp({ credentials, notice, isLocal, headingId, onConfirmed, onBack }: ConfirmSignUpProps) {
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
      setError('Please enter the 6-digit code.');
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
      setError(messages.signInFailed);
    } catch (err) {
      console.error('Confirmation failed', err);
      setError(authErrorMessage(err, 'We could not confirm your account. Please check the code and try again.'));
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    setResending(true);
    try {
      const auth = await import('./amplify');
      await auth.resendCode(email);
      toast.info(`We sent a new code to ${email}.`);
    } catch (err) {
      console.error('Resend failed', err);
      toast.error(authErrorMessage(err, 'Could not send a new code. Please try again.'));
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="confirm">
      <h1 id={headingId} className="auth-title">
        Confirm your e-mail
      </h1>
      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <p>
        Enter the 6-digit code we e-mailed to <strong>{email}</strong>
      </p>
      {isLocal && <p className="alert alert-info">Local emulator: any 6-digit code is accepted.</p>}
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TotpCodeField id="confirmation-code" label="Confirmation code" value={code} onValue={setCode} error={error ?? undefined} />
        <Button type="submit" size="lg" busy={busy}>
          Confirm
        </Button>
        <div className="actions center">
          <Button variant="secondary" busy={resending} onClick={() => void onResend()}>
            Resend code
          </Button>
          <button type="button" className="btn-link" onClick={onBack}>
            Back to Sign In
          </button>
        </div>
      </form>
    </div>
  );
}
