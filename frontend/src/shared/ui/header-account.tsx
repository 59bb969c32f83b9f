/**
 * Who the one site header is for. Shared code knows no feature, so the app (app/Layout.tsx)
 * provides the signed-in user's role and sign-out from the auth feature; without a provider
 * (a test, a page rendered alone) the header shows the visitor's links.
 */
import { createContext, use, type ReactNode } from 'react';
import type { Role } from '@functions/auth/roles-catalog';
import { paths } from '../paths';

export type HeaderAccount =
  | { kind: 'visitor' }
  /** Signed in, role not known yet: only the links everyone has, rather than flash a wrong one. */
  | { kind: 'loading' }
  | {
      kind: 'user';
      role: Role;
      signOut: () => Promise<void>;
      /** A control of the account's own beside the language (a parent's child picker), from the app. */
      control?: ReactNode;
      /** Unread messages in the account's conversations (from the app; undefined while unknown). */
      unread?: number;
    };

export const HeaderAccountContext = createContext<HeaderAccount>({ kind: 'visitor' });

export function useHeaderAccount(): HeaderAccount {
  return use(HeaderAccountContext);
}

export type HeaderLinkLabel =
  | 'nav.dashboard' | 'nav.availability' | 'nav.admin' | 'nav.findTutors' | 'nav.courses'
  | 'nav.aiLearning' | 'nav.myBookings' | 'nav.myChildren' | 'nav.messages';

export interface HeaderLink {
  to: string;
  label: HeaderLinkLabel;
}

/**
 * The header's links: the same on every page, by role. Each role sees only what it can open
 * (a student has no Availability, a tutor no AI pages of a learner, an administrator no bookings;
 * a parent has a student's links and their children).
 * Few enough to sit beside the brand on a desktop; the study assistant is reached from the
 * student dashboard.
 */
export function headerLinks(account: HeaderAccount): HeaderLink[] {
  const everyone: HeaderLink[] = [
    { to: paths.browse(), label: 'nav.findTutors' },
    { to: paths.courses, label: 'nav.courses' },
  ];
  if (account.kind !== 'user') return everyone;
  const dashboard: HeaderLink = { to: paths.dashboard, label: 'nav.dashboard' };
  const messages: HeaderLink = { to: paths.messages(), label: 'nav.messages' };
  switch (account.role) {
    case 'super_admin':
      return [dashboard, { to: paths.adminDashboard, label: 'nav.admin' }, ...everyone];
    case 'tutor':
      return [dashboard, { to: paths.tutorAvailability, label: 'nav.availability' }, ...everyone, { to: paths.myBookings, label: 'nav.myBookings' }, messages];
    case 'parent':
      return [
        dashboard,
        { to: paths.myChildren, label: 'nav.myChildren' },
        ...everyone,
        { to: paths.aiLearning, label: 'nav.aiLearning' },
        { to: paths.myBookings, label: 'nav.myBookings' },
        messages,
      ];
    default:
      return [
        dashboard,
        ...everyone,
        { to: paths.aiLearning, label: 'nav.aiLearning' },
        { to: paths.myBookings, label: 'nav.myBookings' },
        messages,
      ];
  }
}
