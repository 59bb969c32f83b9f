/**
 * "Become a super admin": where a signed-in user with a pending super admin grant lands. The grant
 * takes effect only here: the enrolment code the granting admin handed over, then an authenticator
 * app, then the API checks both and adds the role (POST /api/admin-enrolment). New tokens carry it.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/fields';
import { Spinner } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { dashboardPathFor } from './access';
import { authKeys } from './keys';
import { useSession } from './session';
import { TotpSetupSteps } from './TotpSetupSteps';
import { useAuthText } from './text';
import { useMe } from './useMe';
import './auth.css';

/** `code`: typing the enrolment code; `app`: adding the authenticator app; `finishing`: the API adds the role. */
type Step = 'code' | 'app' | 'finishing';

export function AdminEnrolmentPage() {
  const t = useAuthText();
  useDocumentTitle(t('enrol.title'));
  const { session } = useSession();
  const { profile } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const account = profile?.email ?? (session.status === 'signed-in' ? session.email : undefined) ?? '';
  const [step, setStep] = useState<Step>('code');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Set once the app is on: a retyped code then finishes at once, without a second app.
  const [appOn, setAppOn] = useState(false);

  const finish = async () => {
    setAppOn(true);
    setStep('finishing');
    try {
      await callApi('completeAdminEnrolment', { body: { code: code.trim() } });
      const auth = await import('./amplify');
      await auth.refreshTokens(); // the groups claim now says super_admin
      if (session.status === 'signed-in') await queryClient.invalidateQueries({ queryKey: authKeys.me(session.userId) });
      toast.success(t('enrol.done'));
      void navigate(paths.superAdminDashboard, { replace: true });
    } catch (err) {
      console.error('Admin enrolment failed', err);
      const message = err instanceof ApiError && err.fromServer ? err.message : t('enrol.failed');
      if (err instanceof ApiError && err.code === 'wrong_enrolment_code') {
        setCodeError(message);
        setStep('code');
      } else {
        setProblem(message);
        setStep('code');
      }
    }
  };

  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError(t('enrol.codeRequired'));
      return;
    }
    setCodeError(null);
    setProblem(null);
    if (appOn) void finish();
    else setStep('app');
  };

  return (
    <main className="centered-page" id="main">
      <section className="card two-step" aria-labelledby="enrol-title">
        <h1 id="enrol-title">{t('enrol.title')}</h1>
        <p>{t('enrol.intro')}</p>
        {problem && (
          <div className="alert alert-error" role="alert">
            <p>{problem}</p>
          </div>
        )}
        {step === 'code' && (
          <form className="form" noValidate onSubmit={onCode}>
            <TextField
              id="enrolment-code"
              label={t('enrol.codeLabel')}
              hint={t('enrol.codeHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              required
              value={code}
              error={codeError ?? undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" size="lg">
              {t('enrol.continue')}
            </Button>
          </form>
        )}
        {step === 'app' && (
          <>
            <h2>{t('enrol.appTitle')}</h2>
            <TotpSetupSteps account={account} onDone={finish} />
          </>
        )}
        {step === 'finishing' && <Spinner label={t('enrol.finishing')} />}
        <p>
          <Link to={dashboardPathFor(profile?.role)} className={buttonClass('ghost')}>
            {t('enrol.later')}
          </Link>
        </p>
      </section>
    </main>
  );
}
