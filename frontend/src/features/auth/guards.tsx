/**
 * Route guards (spec §2): signed-out → /auth; wrong role → Access Denied; /dashboard → the
 * role's dashboard. The decisions themselves are the pure functions of ./access.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@functions/auth/roles';
import { PageLoading } from '../../shared/ui/Spinner';
import { buttonClass } from '../../shared/ui/Button';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { accessDecision, AUTH_PATH, dashboardDecision, type AuthLinkState } from './access';
import { useSession } from './session';
import { useMe } from './useMe';

export function RequireAuth({ role, preload, children }: { role?: Role; preload?: () => void; children: ReactNode }) {
  const { session } = useSession();
  // Fetch the page's chunk in parallel with the session and role checks.
  useEffect(() => {
    if (session.status !== 'signed-out') preload?.();
  }, [preload, session.status]);
  const { me } = useMe();
  const location = useLocation();
  const decision = accessDecision(session.status, me, role);
  switch (decision.kind) {
    case 'wait':
      return <PageLoading />;
    case 'redirect': {
      // Come back here after signing in.
      const state: AuthLinkState | undefined = decision.to === AUTH_PATH ? { returnTo: `${location.pathname}${location.search}` } : undefined;
      return <Navigate to={decision.to} replace state={state} />;
    }
    case 'deny':
      return <AccessDenied required={decision.required} actual={decision.actual} />;
    case 'allow':
      return children;
  }
}

export function DashboardRedirect() {
  const { session } = useSession();
  const { me } = useMe();
  const decision = dashboardDecision(session.status, me);
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : <PageLoading label="Opening your dashboard…" />;
}

export function AccessDenied({ required, actual }: { required: Role; actual: Role }) {
  useDocumentTitle('Access Denied');
  return (
    <main className="centered-page" id="main">
      <div className="card narrow">
        <h1>Access Denied</h1>
        <p>You do not have permission to access this page</p>
        <p className="role-line">Required role: {required}</p>
        <p className="role-line">Your role: {actual}</p>
        <div className="actions">
          <Link to="/dashboard" className={buttonClass('primary')}>
            Go to my dashboard
          </Link>
          <Link to="/" className={buttonClass('ghost')}>
            Home
          </Link>
        </div>
      </div>
    </main>
  );
}
