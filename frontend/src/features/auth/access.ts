/**
 * Pure routing and access rules ("/dashboard routing", roles). No React, no Amplify,
 * so the decisions are unit-tested and the route guards stay thin.
 */
import type { AccountType } from '@functions/auth/contract';
import { actsAsStudent, isRole, type Role } from '@functions/auth/roles-catalog';
import { paths } from '../../shared/paths';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** What GET /api/me has told us so far. */
export type MeState =
  | { kind: 'loading' }
  /** `mfaSetupRequired`: a super admin who has not set up two-step sign-in yet (admin routes refuse them). */
  /** `adminEnrolment`: a super admin grant waits for this account to enrol (code + authenticator app). */
  | { kind: 'loaded'; role: unknown; mfaSetupRequired?: boolean; adminEnrolment?: boolean }
  /** The API answered 401 (or no token could be obtained): the stored session is dead. */
  | { kind: 'unauthenticated' }
  /** Any other failure after retries: the user is treated as a student. */
  | { kind: 'failed' };

export type AccessDecision =
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'allow' }
  | { kind: 'deny'; required: Role; actual: Role };

export const AUTH_PATH = paths.auth;
/** Where a super admin without two-step sign-in goes before any admin page. */
export const TWO_STEP_SETUP_PATH = paths.twoStepSetup;

/** Router state a link to /auth may carry to preselect a tab and account type. */
export interface AuthLinkState {
  tab?: 'signin' | 'signup';
  as?: AccountType;
  /** Where to go after signing in (the page that sent the visitor to /auth). */
  returnTo?: string;
}

/** A same-origin path to return to after sign-in, or null (never another site, never /auth). */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (value === AUTH_PATH || value.startsWith(`${AUTH_PATH}?`) || value.startsWith(`${AUTH_PATH}/`)) return null;
  return value;
}

export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  parent: 'Parent',
  tutor: 'Tutor',
  super_admin: 'Super Admin',
};

/** A missing or unknown role, or a failed read, means student. */
export function effectiveRole(me: MeState): Role | undefined {
  switch (me.kind) {
    case 'loaded':
      return isRole(me.role) ? me.role : 'student';
    case 'failed':
      return 'student';
    default:
      return undefined;
  }
}

/** Where /dashboard sends a role; anything unknown goes to the student dashboard. */
export function dashboardPathFor(role: unknown): string {
  if (role === 'super_admin') return paths.superAdminDashboard;
  if (role === 'tutor') return paths.tutorDashboard;
  if (role === 'parent') return paths.parentDashboard;
  return paths.studentDashboard;
}

/** A student's pages are a parent's too: a parent books, pays and learns as a student does. */
function satisfies(actual: Role, required: Role): boolean {
  return actual === required || (required === 'student' && actsAsStudent(actual));
}

/**
 * A protected page: no session → /auth; `required` given and the role differs → Access Denied.
 * Pages without a required role render as soon as the session is known. Super admin pages need
 * two-step sign-in: without it → the set-up page; the set-up page itself (`twoStepSetup`) is for
 * those without it, anyone else leaves it for `done` (where they were going).
 */
export function accessDecision(
  session: SessionStatus,
  me: MeState,
  required?: Role,
  twoStepSetup?: { done: string },
): AccessDecision {
  if (session === 'loading') return { kind: 'wait' };
  if (session === 'signed-out' || me.kind === 'unauthenticated') return { kind: 'redirect', to: AUTH_PATH };
  if (!required) return { kind: 'allow' };
  const actual = effectiveRole(me);
  if (!actual) return { kind: 'wait' };
  if (!satisfies(actual, required)) return { kind: 'deny', required, actual };
  if (required !== 'super_admin') return { kind: 'allow' };
  const setupNeeded = me.kind === 'loaded' && me.mfaSetupRequired === true;
  if (twoStepSetup) return setupNeeded ? { kind: 'allow' } : { kind: 'redirect', to: twoStepSetup.done };
  return setupNeeded ? { kind: 'redirect', to: TWO_STEP_SETUP_PATH } : { kind: 'allow' };
}

/** /dashboard: once user and role are known, go to the role's dashboard. */
export function dashboardDecision(session: SessionStatus, me: MeState): AccessDecision {
  if (session === 'loading') return { kind: 'wait' };
  if (session === 'signed-out' || me.kind === 'unauthenticated') return { kind: 'redirect', to: AUTH_PATH };
  const role = effectiveRole(me);
  if (!role) return { kind: 'wait' };
  // A pending super admin grant: sign-in leads to its enrolment first (the page offers "Not now").
  if (me.kind === 'loaded' && me.adminEnrolment === true && role !== 'super_admin') return { kind: 'redirect', to: paths.adminEnrolment };
  return { kind: 'redirect', to: dashboardPathFor(role) };
}

/** The role the user asked for in a picker ("admin" means super admin, granted later by a super admin). */
export function requestedRole(accountType: AccountType): Role {
  if (accountType === 'tutor') return 'tutor';
  if (accountType === 'admin') return 'super_admin';
  return accountType === 'parent' ? 'parent' : 'student';
}

/**
 * The sign-in picker is only a hint: the server's role decides the dashboard. Only a role the
 * user (or the link they followed) really chose can be "wrong", so an untouched picker (null)
 * says nothing. Nor does a sign-in that returns to a deep link: that page shows what the account
 * may do (a notice would sit over its Access Denied). The notice's message (its {role} is the
 * account's role), or null when nothing needs saying.
 */
export function roleMismatchNotice(
  picked: AccountType | null,
  actual: Role,
  returnTo: string | null = null,
): { message: 'roleMismatch.adminNotGranted' | 'roleMismatch.otherRole'; role: Role } | null {
  if (picked === null || returnTo !== null || requestedRole(picked) === actual) return null;
  return { message: picked === 'admin' ? 'roleMismatch.adminNotGranted' : 'roleMismatch.otherRole', role: actual };
}

/** Reduces a TanStack Query result for GET /api/me to a MeState. */
export function meStateFrom(query: {
  status: 'pending' | 'error' | 'success';
  data?: { profile?: { role?: unknown }; mfaSetupRequired?: boolean; adminEnrolment?: unknown } | undefined;
  error: unknown;
}): MeState {
  if (query.status === 'success') {
    return {
      kind: 'loaded', role: query.data?.profile?.role, mfaSetupRequired: query.data?.mfaSetupRequired === true,
      ...(query.data?.adminEnrolment ? { adminEnrolment: true } : {}),
    };
  }
  if (query.status === 'pending') return { kind: 'loading' };
  const status = query.error && typeof query.error === 'object' ? (query.error as { status?: unknown }).status : undefined;
  return status === 401 ? { kind: 'unauthenticated' } : { kind: 'failed' };
}

/** Who is looking at an open page (browse, tutor profile). */
export type Viewer =
  | { kind: 'visitor' }
  /** Signed in, role not known yet: offer nothing rather than flash a wrong button. */
  | { kind: 'loading' }
  /** `linked`: a student who is a learner of a household (their parent books and pays for them).
   *  `waitingForParent`: a student under 18 whose parent has not yet approved their account. */
  | { kind: 'user'; role: Role; userId: string; linked?: boolean; waitingForParent?: boolean };

export function viewerFrom(session: { status: SessionStatus; userId?: string }, me: MeState): Viewer {
  if (session.status === 'signed-out' || me.kind === 'unauthenticated') return { kind: 'visitor' };
  const role = session.status === 'signed-in' ? effectiveRole(me) : undefined;
  return role && session.userId ? { kind: 'user', role, userId: session.userId } : { kind: 'loading' };
}

/** Landing and tutor greetings: first name, else the e-mail's local part (the tutor header). */
export function greetingName(profile: { firstName?: string; email?: string } | undefined, email?: string): string {
  const first = profile?.firstName?.trim();
  if (first) return first;
  const address = profile?.email || email || '';
  return address.split('@')[0] ?? '';
}
