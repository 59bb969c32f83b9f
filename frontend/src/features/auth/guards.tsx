/**
 * Route guards: signed-out → /auth; wrong role → Access Denied; /dashboard → the
 * role's dashboard. The decisions themselves are the pure functions of ./access.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@functions/auth/roles-catalog';
import { paths } from '../../shared/paths';
import { PageLoading } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { buttonClass } from '../../shared/ui/Button';
import { PageShell } from '../../shared/ui/PageShell';
import { SiteHeader } from '../../shared/ui/SiteHeader';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import {
  accessDecision, AUTH_PATH, dashboardDecision, dashboardPathFor, safeReturnTo, TWO_STEP_SETUP_PATH, type AuthLinkState,
} from './access';
import { useSession } from './session';
import { useMe } from './useMe';
import { useGuardText } from './guards/text';

/**
 * `twoStepSetup`: the page where a super admin sets up two-step sign-in (only for those without it).
 * `signInMessage`: what a signed-out visitor is told on the way to /auth (e.g. for AI Learning).
 */
export function RequireAuth({ role, preload, twoStepSetup, signInMessage, children }: {
  role?: Role;
  preload?: () => void;
  twoStepSetup?: boolean;
  signInMessage?: SignInReason;
  children: ReactNode;
}) {
  const { session } = useSession();
  // Fetch the page's chunk in parallel with the session and role checks.
  useEffect(() => {
    if (session.status !== 'signed-out') preload?.();
  }, [preload, session.status]);
  const { me } = useMe();
  const location = useLocation();
  const returnTo = safeReturnTo((location.state as AuthLinkState | null)?.returnTo);
  const decision = accessDecision(session.status, me, role, twoStepSetup ? { done: returnTo ?? dashboardPathFor(role) } : undefined);
  switch (decision.kind) {
    case 'wait':
      return <PageLoading />;
    case 'redirect': {
      // Come back here after signing in (or setting up two-step sign-in).
      const comeBack = decision.to === AUTH_PATH || decision.to === TWO_STEP_SETUP_PATH;
      const state: AuthLinkState | undefined = comeBack ? { returnTo: `${location.pathname}${location.search}` } : undefined;
      if (decision.to === AUTH_PATH && signInMessage) return <SignInFirst message={signInMessage} state={state} />;
      return <Navigate to={decision.to} replace state={state} />;
    }
    case 'deny':
      return <AccessDenied required={decision.required} actual={decision.actual} />;
    case 'allow':
      return children;
  }
}

/** The guard messages that say why a page needs signing in (a key, so the toast is in the reader's language). */
export type SignInReason = Extract<Parameters<ReturnType<typeof useGuardText>>[0], `signIn.${string}`>;

/** To /auth with a toast that says why. */
function SignInFirst({ message, state }: { message: SignInReason; state: AuthLinkState | undefined }) {
  const toast = useToast();
  const t = useGuardText();
  const text = t(message);
  useEffect(() => toast.error(text, { key: 'sign-in-first' }), [text, toast]);
  return <Navigate to={AUTH_PATH} replace state={state} />;
}

export function DashboardRedirect() {
  const { session } = useSession();
  const { me } = useMe();
  const decision = dashboardDecision(session.status, me);
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : <OpeningDashboard />;
}

function OpeningDashboard() {
  const t = useGuardText();
  return <PageLoading label={t('openingDashboard')} />;
}

export function AccessDenied({ required, actual }: { required: Role; actual: Role }) {
  const t = useGuardText();
  useDocumentTitle(t('denied.title'));
  return (
    <PageShell header={<SiteHeader />} className="centered-page">
      <div className="card narrow">
        <h1>{t('denied.title')}</h1>
        {/* Who the page is for, in the reader's words: never the internal group names (super_admin). */}
        <p>
          {t('denied.text')} {t('denied.for', { required })}
        </p>
        <p className="role-line">{t('denied.yours', { actual })}</p>
        <div className="actions">
          <Link to={paths.dashboard} className={buttonClass('primary')}>
            {t('denied.dashboard')}
          </Link>
          <Link to={paths.home} className={buttonClass('ghost')}>
            {t('denied.home')}
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
