/** Second step of signing in for accounts with two-step sign-in (super admins): the app's code. */
import { messages } from '@functions/auth/accounts';
import { Button } from '../../shared/ui/Button';
import { TotpCodeField } from './TotpCodeField';
import { useTotpCodeForm } from './useTotpCodeForm';

interface TotpSignInProps {
  headingId: string;
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}

export function TotpSignIn({ headingId, onSignedIn, onBack }: TotpSignInProps) {
  const { code, setCode, error, busy, onSubmit } = useTotpCodeForm(async (value) => {
    const auth = await import('./amplify');
    if ((await auth.confirmTotpCode(value)) !== 'signed-in') return messages.signInFailed;
    await onSignedIn();
  }, messages.signInFailed, 'Two-step sign-in');

  return (
    <div className="confirm">
      <h1 id={headingId} className="auth-title">
        Two-step sign-in
      </h1>
      <p>Open the authenticator app on your phone and enter the 6-digit code it shows for Africa's Learning Platform.</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TotpCodeField id="totp-code" value={code} onValue={setCode} error={error ?? undefined} autoFocus />
        <Button type="submit" size="lg" busy={busy}>
          Verify
        </Button>
        <div className="actions center">
          <button type="button" className="btn-link" onClick={onBack}>
            Back to Sign In
          </button>
        </div>
      </form>
    </div>
  );
}
