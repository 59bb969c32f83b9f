import { useRef, useState, type FormEvent } from 'react';
import { messages, type AccountType } from '@functions/auth/accounts';
import { Button } from '../../shared/ui/Button';
import { signInErrorMessage } from './errors';
import { AccountTypeSelect, TextField } from './fields';

export interface Credentials {
  email: string;
  password: string;
  /** Null when the sign-in picker was left alone (it is only a hint). */
  accountType: AccountType | null;
}

interface SignInFormProps {
  initialAccountType: AccountType | null;
  supportPhone: string | undefined;
  onSignedIn: (accountType: AccountType | null) => Promise<void>;
  onNeedsConfirmation: (credentials: Credentials) => void;
  /** The account has two-step sign-in: the code comes next. */
  onNeedsTotpCode: (accountType: AccountType | null) => void;
  onForgotPassword: (email: string) => void;
}

export function SignInForm(props: SignInFormProps) {
  const { initialAccountType, supportPhone, onSignedIn, onNeedsConfirmation, onNeedsTotpCode, onForgotPassword } = props;
  const [accountType, setAccountType] = useState<AccountType | null>(initialAccountType);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Which fields the last submit found empty: each says so beside itself (and names the form's error). */
  const [missing, setMissing] = useState({ email: false, password: false });
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const empty = { email: !address, password: !password };
    setMissing(empty);
    if (empty.email || empty.password) {
      setError(messages.fillAllFields);
      (empty.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const auth = await import('./amplify');
      const outcome = await auth.signInWithPassword(address, password);
      if (outcome === 'signed-in') {
        await onSignedIn(accountType);
        return;
      }
      if (outcome === 'confirm-sign-up') {
        onNeedsConfirmation({ email: address, password, accountType });
        return;
      }
      if (outcome === 'totp-code') {
        onNeedsTotpCode(accountType);
        return;
      }
      setError(messages.signInFailed);
    } catch (err) {
      console.error('Sign in failed', err);
      setError(signInErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? 'signin-error' : undefined}>
      <AccountTypeSelect
        id="signin-account-type"
        placeholder="Choose (optional)"
        value={accountType ?? ''}
        onChange={(event) => setAccountType((event.target.value || null) as AccountType | null)}
      />
      <TextField
        id="signin-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        ref={emailInput}
        error={missing.email ? 'Enter your email' : undefined}
        describedByIds={error && !missing.email ? 'signin-error' : undefined}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        ref={passwordInput}
        error={missing.password ? 'Enter your password' : undefined}
        describedByIds={error && !missing.password ? 'signin-error' : undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <p className="forgot">
        <button type="button" className="link-button" onClick={() => onForgotPassword(email.trim().toLowerCase())}>
          Forgot password?
        </button>
      </p>
      {error && (
        <p id="signin-error" className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" busy={busy}>
        Sign In
      </Button>
      {supportPhone && (
        <p className="support muted">
          Need help? Call <a href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`}>{supportPhone}</a>
        </p>
      )}
    </form>
  );
}
