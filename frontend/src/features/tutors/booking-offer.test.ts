import { describe, expect, it } from 'vitest';
import { bookingOffer, type Viewer } from './booking-offer';

const verified = { id: 't1', verified: true };
const unverified = { id: 't2', verified: false };
const user = (role: 'student' | 'tutor' | 'super_admin', userId = 'u1'): Viewer => ({ kind: 'user', role, userId });

describe('bookingOffer: show what the viewer can actually do', () => {
  it('offers Book Now to visitors and students, for verified tutors only', () => {
    expect(bookingOffer({ kind: 'visitor' }, verified)).toBe('book');
    expect(bookingOffer(user('student'), verified)).toBe('book');
    expect(bookingOffer({ kind: 'visitor' }, unverified)).toBe('not-bookable');
    expect(bookingOffer(user('student'), unverified)).toBe('not-bookable');
  });

  it('offers tutors and admins no booking (it would end in Access Denied)', () => {
    for (const tutor of [verified, unverified]) {
      expect(bookingOffer(user('tutor'), tutor)).toBe('none');
      expect(bookingOffer(user('super_admin'), tutor)).toBe('none');
      expect(bookingOffer(user('tutor', tutor.id), tutor)).toBe('none');
    }
  });

  it('tells a student linked to a household to ask their parent: the parent books and pays', () => {
    const child: Viewer = { kind: 'user', role: 'student', userId: 'u1', linked: true };
    expect(bookingOffer(child, verified)).toBe('ask-parent');
    expect(bookingOffer(child, unverified)).toBe('not-bookable');
  });

  it('tells a student waiting for a parent\'s approval that booking opens once the parent approves', () => {
    const waiting: Viewer = { kind: 'user', role: 'student', userId: 'u1', waitingForParent: true };
    expect(bookingOffer(waiting, verified)).toBe('wait-parent');
    expect(bookingOffer(waiting, unverified)).toBe('not-bookable');
  });

  it('waits while the signed-in role is unknown', () => {
    expect(bookingOffer({ kind: 'loading' }, verified)).toBe('wait');
  });
});
