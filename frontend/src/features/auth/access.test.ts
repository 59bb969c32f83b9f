import { describe, expect, it } from 'vitest';
import {
  accessDecision,
  dashboardDecision,
  dashboardPathFor,
  effectiveRole,
  greetingName,
  meStateFrom,
  requestedRole,
  roleMismatchNotice,
  safeReturnTo,
  type MeState,
} from './access';
import en from './i18n/en.json';

const loaded = (role: unknown, mfaSetupRequired = false): MeState => ({ kind: 'loaded', role, mfaSetupRequired });
const loading: MeState = { kind: 'loading' };
const failed: MeState = { kind: 'failed' };
const unauthenticated: MeState = { kind: 'unauthenticated' };

describe('dashboardPathFor (/dashboard routing)', () => {
  it('sends each role to its dashboard', () => {
    expect(dashboardPathFor('super_admin')).toBe('/super-admin-dashboard');
    expect(dashboardPathFor('tutor')).toBe('/tutor-dashboard');
    expect(dashboardPathFor('student')).toBe('/student-dashboard');
    expect(dashboardPathFor('parent')).toBe('/parent-dashboard');
  });

  it('sends unknown or missing roles to the student dashboard', () => {
    for (const role of [undefined, null, '', 'admin', 'SUPER_ADMIN', 42]) {
      expect(dashboardPathFor(role)).toBe('/student-dashboard');
    }
  });
});

describe('effectiveRole (missing role or failed read means student)', () => {
  it('uses a known role', () => {
    expect(effectiveRole(loaded('tutor'))).toBe('tutor');
    expect(effectiveRole(loaded('super_admin'))).toBe('super_admin');
  });

  it('treats a missing or unknown role and a failed read as student', () => {
    expect(effectiveRole(loaded(undefined))).toBe('student');
    expect(effectiveRole(loaded('admin'))).toBe('student');
    expect(effectiveRole(failed)).toBe('student');
  });

  it('has no role while loading or when the API refused the token', () => {
    expect(effectiveRole(loading)).toBeUndefined();
    expect(effectiveRole(unauthenticated)).toBeUndefined();
  });
});

describe('accessDecision (protected routes)', () => {
  it('waits while the stored session is being checked', () => {
    expect(accessDecision('loading', loading, 'tutor')).toEqual({ kind: 'wait' });
    expect(accessDecision('loading', loading)).toEqual({ kind: 'wait' });
  });

  it('redirects to /auth without a session', () => {
    expect(accessDecision('signed-out', loading, 'student')).toEqual({ kind: 'redirect', to: '/auth' });
    expect(accessDecision('signed-out', loading)).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('redirects to /auth when the API says the session is dead', () => {
    expect(accessDecision('signed-in', unauthenticated, 'tutor')).toEqual({ kind: 'redirect', to: '/auth' });
    expect(accessDecision('signed-in', unauthenticated)).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('lets any signed-in user in when no role is required, without waiting for the role', () => {
    expect(accessDecision('signed-in', loading)).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', loaded('tutor'))).toEqual({ kind: 'allow' });
  });

  it('waits for the role when one is required', () => {
    expect(accessDecision('signed-in', loading, 'tutor')).toEqual({ kind: 'wait' });
  });

  it('allows the exact role', () => {
    expect(accessDecision('signed-in', loaded('tutor'), 'tutor')).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', loaded('super_admin'), 'super_admin')).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', loaded('student'), 'student')).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', loaded('parent'), 'parent')).toEqual({ kind: 'allow' });
  });

  it('opens a student\'s pages to a parent (who books and pays as a student does), but not a parent\'s to a student', () => {
    expect(accessDecision('signed-in', loaded('parent'), 'student')).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', loaded('student'), 'parent')).toEqual({ kind: 'deny', required: 'parent', actual: 'student' });
    expect(accessDecision('signed-in', loaded('parent'), 'tutor')).toEqual({ kind: 'deny', required: 'tutor', actual: 'parent' });
  });

  it('denies other roles with the required and actual role (exact match, no hierarchy)', () => {
    expect(accessDecision('signed-in', loaded('student'), 'tutor')).toEqual({
      kind: 'deny',
      required: 'tutor',
      actual: 'student',
    });
    expect(accessDecision('signed-in', loaded('super_admin'), 'tutor')).toEqual({
      kind: 'deny',
      required: 'tutor',
      actual: 'super_admin',
    });
    expect(accessDecision('signed-in', loaded('tutor'), 'student')).toEqual({
      kind: 'deny',
      required: 'student',
      actual: 'tutor',
    });
  });

  it('treats a missing role or a failed read as student', () => {
    expect(accessDecision('signed-in', loaded(undefined), 'student')).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', failed, 'student')).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', failed, 'super_admin')).toEqual({
      kind: 'deny',
      required: 'super_admin',
      actual: 'student',
    });
  });
});

describe('dashboardDecision (/dashboard)', () => {
  it('waits for the session, then for the role', () => {
    expect(dashboardDecision('loading', loading)).toEqual({ kind: 'wait' });
    expect(dashboardDecision('signed-in', loading)).toEqual({ kind: 'wait' });
  });

  it('sends a visitor without a user to /auth', () => {
    expect(dashboardDecision('signed-out', loading)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(dashboardDecision('signed-in', unauthenticated)).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it("sends a user to the role's dashboard", () => {
    expect(dashboardDecision('signed-in', loaded('super_admin'))).toEqual({ kind: 'redirect', to: '/super-admin-dashboard' });
    expect(dashboardDecision('signed-in', loaded('tutor'))).toEqual({ kind: 'redirect', to: '/tutor-dashboard' });
    expect(dashboardDecision('signed-in', loaded('student'))).toEqual({ kind: 'redirect', to: '/student-dashboard' });
    expect(dashboardDecision('signed-in', loaded('wizard'))).toEqual({ kind: 'redirect', to: '/student-dashboard' });
    expect(dashboardDecision('signed-in', failed)).toEqual({ kind: 'redirect', to: '/student-dashboard' });
  });
});

describe('a pending super admin grant', () => {
  it('leads a granted user to the enrolment after sign-in, and nobody else', () => {
    const granted = { kind: 'loaded', role: 'student', adminEnrolment: true } as const;
    expect(dashboardDecision('signed-in', granted)).toEqual({ kind: 'redirect', to: '/admin-enrolment' });
    expect(dashboardDecision('signed-in', { ...granted, adminEnrolment: false })).toEqual({ kind: 'redirect', to: '/student-dashboard' });
    expect(meStateFrom({ status: 'success', data: { profile: { role: 'tutor' }, adminEnrolment: { expiresAt: 'x' } }, error: null }))
      .toMatchObject({ kind: 'loaded', adminEnrolment: true });
  });

  it('gives no admin page before enrolment: the role decides, not the grant', () => {
    expect(accessDecision('signed-in', { kind: 'loaded', role: 'student', adminEnrolment: true }, 'super_admin'))
      .toEqual({ kind: 'deny', required: 'super_admin', actual: 'student' });
  });
});

describe('two-step sign-in for super admins', () => {
  it('sends a super admin without it from admin pages to the set-up page', () => {
    expect(accessDecision('signed-in', loaded('super_admin', true), 'super_admin')).toEqual({ kind: 'redirect', to: '/two-step-setup' });
    expect(accessDecision('signed-in', loaded('super_admin', false), 'super_admin')).toEqual({ kind: 'allow' });
    // Pages for everyone signed in, and other roles, are not affected.
    expect(accessDecision('signed-in', loaded('super_admin', true))).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', loaded('tutor', true), 'tutor')).toEqual({ kind: 'allow' });
  });

  it('keeps the set-up page for those who need it; the others go where they were going', () => {
    const setup = { done: '/admin-dashboard' };
    expect(accessDecision('signed-in', loaded('super_admin', true), 'super_admin', setup)).toEqual({ kind: 'allow' });
    expect(accessDecision('signed-in', loaded('super_admin', false), 'super_admin', setup)).toEqual({ kind: 'redirect', to: '/admin-dashboard' });
    expect(accessDecision('signed-in', loaded('student'), 'super_admin', setup)).toMatchObject({ kind: 'deny' });
  });
});

describe('meStateFrom', () => {
  it('maps query states', () => {
    expect(meStateFrom({ status: 'success', data: { profile: { role: 'super_admin' }, mfaSetupRequired: true }, error: null }))
      .toEqual(loaded('super_admin', true));
    expect(meStateFrom({ status: 'pending', error: null })).toEqual({ kind: 'loading' });
    expect(meStateFrom({ status: 'success', data: { profile: { role: 'tutor' } }, error: null })).toEqual(loaded('tutor'));
    expect(meStateFrom({ status: 'success', data: { profile: {} }, error: null })).toEqual(loaded(undefined));
  });

  it('tells a 401 apart from other failures', () => {
    expect(meStateFrom({ status: 'error', error: { status: 401 } })).toEqual(unauthenticated);
    expect(meStateFrom({ status: 'error', error: { status: 500 } })).toEqual(failed);
    expect(meStateFrom({ status: 'error', error: new Error('offline') })).toEqual(failed);
  });
});

describe('sign-in role picker', () => {
  it('maps picker choices to the role they ask for', () => {
    expect(requestedRole('parent')).toBe('parent');
    expect(requestedRole('student')).toBe('student');
    expect(requestedRole('tutor')).toBe('tutor');
    expect(requestedRole('admin')).toBe('super_admin');
  });

  it('says nothing when the account has the picked role', () => {
    expect(roleMismatchNotice('parent', 'parent')).toBeNull();
    expect(roleMismatchNotice('student', 'student')).toBeNull();
    expect(roleMismatchNotice('tutor', 'tutor')).toBeNull();
    expect(roleMismatchNotice('admin', 'super_admin')).toBeNull();
  });

  it('says nothing when the picker was left alone, or when the sign-in returns to a deep link', () => {
    expect(roleMismatchNotice(null, 'tutor')).toBeNull();
    expect(roleMismatchNotice(null, 'super_admin')).toBeNull();
    expect(roleMismatchNotice('student', 'tutor', '/student-dashboard')).toBeNull();
  });

  it("names the account's real role when it differs", () => {
    // The English catalog's wording, with the role's label in place (as AuthPage shows it).
    const shown = (notice: ReturnType<typeof roleMismatchNotice>) =>
      notice && en[notice.message].replaceAll('{role}', en[`role.${notice.role}`]);
    expect(shown(roleMismatchNotice('student', 'tutor'))).toBe(
      'This account is registered as a Tutor, so you are going to the Tutor dashboard.',
    );
    expect(shown(roleMismatchNotice('tutor', 'student'))).toContain('Student dashboard');
    expect(shown(roleMismatchNotice('student', 'super_admin'))).toContain('Super Admin');
    expect(shown(roleMismatchNotice('admin', 'student'))).toBe(
      'Admin access has not been granted to this account yet, so you are signed in as a Student.',
    );
  });
});

describe('greetingName', () => {
  it('prefers the first name', () => {
    expect(greetingName({ firstName: 'Wanjiru', email: 'w@example.com' })).toBe('Wanjiru');
  });

  it("falls back to the part of the e-mail before the @", () => {
    expect(greetingName({ firstName: '  ', email: 'otieno.k@example.com' })).toBe('otieno.k');
    expect(greetingName(undefined, 'mwangi@example.co.ke')).toBe('mwangi');
    expect(greetingName(undefined)).toBe('');
  });
});

describe('safeReturnTo', () => {
  it('returns to a page of this app after sign-in', () => {
    expect(safeReturnTo('/book-tutor/t1?start=2026-11-23T06:00:00.000Z')).toBe('/book-tutor/t1?start=2026-11-23T06:00:00.000Z');
    expect(safeReturnTo('/my-bookings')).toBe('/my-bookings');
  });
  it('never to another site, to /auth itself, or to anything odd', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil', '/auth', '/auth?tab=signup', undefined, 42, '']) {
      expect(safeReturnTo(bad)).toBeNull();
    }
  });
});
