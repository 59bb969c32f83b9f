/** Second step of signing in for accounts with two-step sign-in (super admins): the app's code. */
import { Button } from '../../shared/ui/Button';
import { TotpCodeField } from './TotpCodeField';
import { useTotpCodeForm } from './useTotpCodeForm';
import { useAuthText } from './text';

interface TotpSignInProps {
  headingId: string;
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}

export function TotpSignIn({ headingId, onSignedIn, onBack }: TotpSignInProps) {
  const t = useAuthText();
  const { code, setCode, error, busy, onSubmit } = useTotpCodeForm(async (value) => {
    const auth = await import('./amplify');
    if ((await auth.confirmTotpCode(value)) !== 'signed-in') return 'messages.signInFailed';
    await onSignedIn();
  }, 'messages.signInFailed', 'Two-step sign-in');

  return (
    <div className="confirm">
      <h1 id={headingId} className="auth-title">
        {t('totp.title')}
      </h1>
      <p>{t('totp.intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TotpCodeField id="totp-code" value={code} onValue={setCode} error={error ?? undefined} autoFocus />
        <Button type="submit" size="lg" busy={busy}>
          {t('totp.verify')}
        </Button>
        <div className="actions center">
          <button type="button" className="btn-link" onClick={onBack}>
            {t('backToSignIn')}
          </button>
        </div>
      </form>
    </div>
  );
}
