import { useRef, useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react';
import type { AccountType } from '@functions/auth/accounts-catalog';
import { Button } from '../../shared/ui/Button';
import { signInErrorMessage } from './errors';
import { TextField } from './fields';
import { useAuthText } from './text';

export interface Credentials {
  email: string;
  password: string;
  /** The type chosen at sign-up; null on sign-in, where the account's own role decides. */
  accountType: AccountType | null;
}

/** No role picker: the role comes from the account (GET /api/me), so there is nothing to choose. */
interface SignInFormProps {
  supportPhone: string | undefined;
  onSignedIn: () => Promise<void>;
  onNeedsConfirmation: (credentials: Credentials) => void;
  /** The account has two-step sign-in: the code comes next. */
  onNeedsTotpCode: () => void;
  onForgotPassword: (email: string) => void;
}

export function SignInForm(props: SignInFormProps) {
  const { supportPhone, onSignedIn, onNeedsConfirmation, onNeedsTotpCode, onForgotPassword } = props;
  const t = useAuthText();
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
      setError(t('messages.fillAllFields'));
      (empty.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const auth = await import('./amplify');
      const outcome = await auth.signInWithPassword(address, password);
      if (outcome === 'signed-in') {
        await onSignedIn();
        return;
      }
      if (outcome === 'confirm-sign-up') {
        onNeedsConfirmation({ email: address, password, accountType: null });
        return;
      }
      if (outcome === 'totp-code') {
        onNeedsTotpCode();
        return;
      }
      setError(t('messages.signInFailed'));
    } catch (err) {
      console.error('Sign in failed', err);
      setError(signInErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? 'signin-error' : undefined}>
      <TextField
        id="signin-email"
        label={t('field.email')}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        ref={emailInput}
        error={missing.email ? t('signin.enterEmail') : undefined}
        describedByIds={error && !missing.email ? 'signin-error' : undefined}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        id="signin-password"
        label={t('field.password')}
        type="password"
        autoComplete="current-password"
        required
        ref={passwordInput}
        error={missing.password ? t('signin.enterPassword') : undefined}
        describedByIds={error && !missing.password ? 'signin-error' : undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <p className="forgot">
        <button type="button" className="link-button" onClick={() => onForgotPassword(email.trim().toLowerCase())}>
          {t('signin.forgot')}
        </button>
      </p>
      {error && (
        <p id="signin-error" className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" busy={busy}>
        {t('tab.signin')}
      </Button>
      {supportPhone && (
        <p className="support muted">
          <Trans
            id={useAuthText.id('signin.help')}
            values={{ phone: supportPhone }}
            components={{ 0: <a href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`} /> }}
          />
        </p>
      )}
    </form>
  );
}
