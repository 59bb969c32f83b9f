import { describe, expect, it } from 'vitest';
import { headerLinks, type HeaderAccount } from './header-account';
import { hiddenSides } from './scroll-hint';

const user = (role: 'student' | 'parent' | 'tutor' | 'super_admin'): HeaderAccount => ({ kind: 'user', role, signOut: async () => {} });
const labels = (account: HeaderAccount) => headerLinks(account).map((link) => link.label);

describe('the site header links, by role', () => {
  it('a visitor and a not-yet-known role get only the open pages (never a link that leads to Access Denied)', () => {
    expect(labels({ kind: 'visitor' })).toEqual(['nav.findTutors', 'nav.courses']);
    expect(labels({ kind: 'loading' })).toEqual(['nav.findTutors', 'nav.courses']);
  });

  it('each role gets what it can open: AI pages for students, Availability for tutors, Administration for admins, Messages for families and tutors', () => {
    expect(labels(user('student'))).toEqual(['nav.dashboard', 'nav.findTutors', 'nav.courses', 'nav.aiLearning', 'nav.myBookings', 'nav.messages']);
    expect(labels(user('tutor'))).toEqual(['nav.dashboard', 'nav.availability', 'nav.findTutors', 'nav.courses', 'nav.myBookings', 'nav.messages']);
    expect(labels(user('super_admin'))).toEqual(['nav.dashboard', 'nav.admin', 'nav.findTutors', 'nav.courses']);
  });

  it('a parent gets a student\'s links and My children', () => {
    expect(labels(user('parent'))).toEqual(['nav.dashboard', 'nav.myChildren', 'nav.findTutors', 'nav.courses', 'nav.aiLearning', 'nav.myBookings', 'nav.messages']);
  });
});

describe('which edge of a sideways strip hides more', () => {
  it('names the hidden side(s), and none when everything fits', () => {
    expect(hiddenSides({ scrollLeft: 0, clientWidth: 390, scrollWidth: 390 })).toBe('');
    // A scroller's padding or a snap offset is not "more".
    expect(hiddenSides({ scrollLeft: 4, clientWidth: 390, scrollWidth: 398 })).toBe('');
    expect(hiddenSides({ scrollLeft: 0, clientWidth: 390, scrollWidth: 600 })).toBe('end');
    expect(hiddenSides({ scrollLeft: 100, clientWidth: 390, scrollWidth: 600 })).toBe('both');
    expect(hiddenSides({ scrollLeft: 210, clientWidth: 390, scrollWidth: 600 })).toBe('start');
  });
});
