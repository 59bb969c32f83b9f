/**
 * /auth: Sign In and Create Account tabs, the e-mail confirmation step and the
 * "Having trouble signing in?" recovery (forget this device's session, reload). The page itself carries neither Amplify nor zod: Amplify is fetched
 * once the visitor starts on a form (focus), the Create Account form (react-hook-form + zod)
 * when its tab is pointed at or opened. Both are well under way before anyone can submit.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_TYPES, type AccountType } from '@functions/auth/accounts-catalog';
import type { SignUpResponse } from '@functions/auth/contract';
import { loadRuntimeConfig, type RuntimeConfig } from '../../shared/runtime-config';
import { loadOnIntent } from '../../shared/load-on-intent';
import { paths } from '../../shared/paths';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher';
import { Brand } from '../../shared/ui/SiteHeader';
import { PageLoading } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useHydrated } from '../../shared/useHydrated';
import { roleMismatchNotice, safeReturnTo, type AuthLinkState } from './access';
import { ConfirmSignUp } from './ConfirmSignUp';
import { ResetPassword } from './ResetPassword';
import { useSession } from './session';
import { SignInForm, type Credentials } from './SignInForm';
import { TotpSignIn } from './TotpSignIn';
import { browserStorage, clearStoredAuth } from './storage';
import { meQueryOptions } from './useMe';
import { useAuthText, type AuthMessage } from './text';
import './auth.css';

const loadAuthModule = () => import('./amplify');
const warmAuth = loadOnIntent(loadAuthModule);
/** Warms the auth bundle when the visitor reaches a field or button, not when the app focuses the heading on arrival. */
const warmAuthOnField = (event: FocusEvent<HTMLElement>) => {
  if (event.target instanceof HTMLElement && event.target.matches('input, select, textarea, button')) warmAuth.onFocus();
};
const loadSignUpForm = () => import('./SignUpForm');
const SignUpForm = lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })));

type Tab = 'signin' | 'signup';
const TABS: ReadonlyArray<{ id: Tab; label: AuthMessage }> = [
  { id: 'signin', label: 'tab.signin' },
  { id: 'signup', label: 'tab.signup' },
];

/** The account type a link asked for (?as=tutor), or null when it named none. */
function parseAccountType(value: string | null): AccountType | null {
  return (ACCOUNT_TYPES as readonly string[]).includes(value ?? '') ? (value as AccountType) : null;
}

export function AuthPage() {
  const t = useAuthText();
  const { session, refresh } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  // ?tab=signup&as=tutor, or the same as router state from the landing page's links.
  const linkState = (useLocation().state ?? {}) as AuthLinkState;
  const tab: Tab = (params.get('tab') ?? linkState.tab) === 'signup' ? 'signup' : 'signin';
  const initialAccountType = parseAccountType(params.get('as') ?? linkState.as ?? null);
  const [pending, setPending] = useState<{ credentials: Credentials; notice?: string } | null>(null);
  const [resetting, setResetting] = useState<{ email: string } | null>(null);
  // Password accepted, the authenticator app's code comes next (two-step sign-in).
  // The code step, with the account type picked at sign-in (which may be none).
  const [totpFor, setTotpFor] = useState<{ accountType: AccountType | null } | null>(null);
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  // Set while this page signs someone in, so the "signed-in users go to /" rule doesn't fire.
  const [completing, setCompleting] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ signin: null, signup: null });

  useDocumentTitle(
    t(resetting ? 'reset.title' : totpFor ? 'totp.title' : pending ? 'confirm.title' : tab === 'signup' ? 'tab.signup' : 'tab.signin'),
  );

  useEffect(() => {
    loadRuntimeConfig().then(setConfig, (error: unknown) => console.error('config.json', error));
  }, []);

  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signed-in' && !completing) return <Navigate to={paths.home} replace />;

  const selectTab = (next: Tab) => {
    setPending(null);
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  };

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab = event.key === 'Home' ? 'signin' : event.key === 'End' ? 'signup' : tab === 'signin' ? 'signup' : 'signin';
    selectTab(next);
    tabRefs.current[next]?.focus();
  };

  /** Signed in with Amplify: load the session and role, tell the user, open /dashboard. */
  const completeSignIn = async (picked: AccountType | null) => {
    setCompleting(true);
    const next = await refresh();
    if (next.status !== 'signed-in') {
      setCompleting(false);
      throw new Error(t('messages.signInFailed'));
    }
    try {
      const me = await queryClient.fetchQuery({ ...meQueryOptions(next.userId), retry: 1 });
      // An admin still owes a step (authenticator app or enrolment code): not "logged in" yet.
      if (me.mfaSetupRequired || me.adminEnrolment) toast.info(t('messages.signedInOneMoreStep'));
      else toast.success(t('messages.signedIn'));
      const notice = roleMismatchNotice(picked, me.profile.role, safeReturnTo(linkState.returnTo));
      if (notice) toast.info(t(notice.message, { role: t(`role.${notice.role}`) }));
    } catch (error) {
      toast.success(t('messages.signedIn'));
      console.error('Profile not loaded yet', error); // the dashboard retries
    }
    navigate(safeReturnTo(linkState.returnTo) ?? paths.dashboard, { replace: true });
  };

  const onSignedUp = async (credentials: Credentials, response: SignUpResponse) => {
    if (response.confirmationRequired) {
      setPending({ credentials, notice: response.message });
      return;
    }
    // Already confirmed (no code needed): sign straight in with what was just typed.
    try {
      const auth = await loadAuthModule();
      const outcome = await auth.signInWithPassword(credentials.email, credentials.password);
      if (outcome === 'signed-in') return await completeSignIn(credentials.accountType);
      if (outcome === 'confirm-sign-up') return setPending({ credentials, notice: response.message });
    } catch (error) {
      console.error('Sign in after sign-up failed', error);
    }
    toast.info(t('accountReady'));
    selectTab('signin');
  };

  const clearAuth = () => {
    clearStoredAuth(browserStorage());
    window.location.assign(paths.auth);
  };

  const headingId = 'auth-heading';

  return (
    <div className="auth-page">
      <header className="auth-header container">
        <Brand />
        <LanguageSwitcher />
      </header>
      <main id="main" className="auth-main container">
        {/* Warm the auth bundle while the visitor types. Inert while the prerendered form waits for
            the app's code: submitted natively, it would put the password in the address (a GET). */}
        <section className="card auth-card" aria-labelledby={headingId} onFocus={warmAuthOnField} inert={!hydrated}>
          {resetting ? (
            <ResetPassword
              initialEmail={resetting.email}
              isLocal={config?.environment === 'local'}
              headingId={headingId}
              onReset={async (email, password) => {
                const auth = await loadAuthModule();
                const outcome = await auth.signInWithPassword(email, password);
                if (outcome === 'totp-code') {
                  setResetting(null);
                  return setTotpFor({ accountType: initialAccountType });
                }
                if (outcome !== 'signed-in') throw new Error(t('messages.signInFailed'));
                await completeSignIn(initialAccountType);
              }}
              onBack={() => setResetting(null)}
            />
          ) : totpFor ? (
            <TotpSignIn headingId={headingId} onSignedIn={() => completeSignIn(totpFor.accountType)} onBack={() => setTotpFor(null)} />
          ) : pending ? (
            <ConfirmSignUp
              credentials={pending.credentials}
              notice={pending.notice}
              isLocal={config?.environment === 'local'}
              headingId={headingId}
              onConfirmed={completeSignIn}
              onBack={() => selectTab('signin')}
            />
          ) : (
            <>
              <div className="tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onTabKey}>
                {TABS.map(({ id, label }) => (
                  <button
                    key={id}
                    ref={(node) => {
                      tabRefs.current[id] = node;
                    }}
                    type="button"
                    role="tab"
                    id={`tab-${id}`}
                    aria-selected={tab === id}
                    aria-controls={`panel-${id}`}
                    tabIndex={tab === id ? 0 : -1}
                    className="tab"
                    onClick={() => selectTab(id)}
                    {...(id === 'signup' ? loadOnIntent(loadSignUpForm) : {})}
                  >
                    {t(label)}
                  </button>
                ))}
              </div>
              <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
                <h1 id={headingId} className="auth-title">
                  {t(tab === 'signin' ? 'heading.signin' : 'heading.signup')}
                </h1>
                {tab === 'signin' ? (
                  <SignInForm
                    key="signin"
                    supportPhone={config?.supportPhone}
                    onSignedIn={() => completeSignIn(null)}
                    onNeedsConfirmation={(credentials) => setPending({ credentials })}
                    onNeedsTotpCode={() => setTotpFor({ accountType: null })}
                    onForgotPassword={(email) => setResetting({ email })}
                  />
                ) : (
                  <Suspense fallback={<PageLoading label={t('loadingForm')} />}>
                    <SignUpForm key="signup" initialAccountType={initialAccountType ?? 'student'} onSignedUp={onSignedUp} />
                  </Suspense>
                )}
              </div>
            </>
          )}
        </section>
        {/* A stuck stored session (revoked tokens, a half-finished sign-in) is cleared here without developer tools. */}
        <p className="auth-reset">
          <button type="button" className="link-button" title={t('trouble.text')} aria-describedby="trouble-text" onClick={clearAuth}>
            {t('trouble.link')}
          </button>
          <span id="trouble-text" className="visually-hidden">
            {t('trouble.text')}
          </span>
        </p>
      </main>
    </div>
  );
}
