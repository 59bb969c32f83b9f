import { describe, expect, it } from 'vitest';
import { LIVE_SESSION_STATES, liveMessages, type LiveSessionState } from './contract.js';
import { inLanguage } from '../shared/messages.js';
import {
  accessRefusal, endRefusal, isStateRefusal, liveSessionLabel, liveWindow, mayComplete, meetingDurationFor, meetingIdFor, meetingNameFor,
  nextState, outsideWindowNotice, roleIn, viewerActions, windowPosition, type LiveAction,
} from './rules.js';

const booking = { studentId: 'student-1', tutorId: 'tutor-1', paymentStatus: 'paid' as const, status: 'confirmed' as const };
const lesson = { scheduledAt: '2026-11-23T06:00:00.000Z', durationMinutes: 90 };
const at = (iso: string) => new Date(iso);

describe('access (checked in order)', () => {
  it('refuses an unknown booking first, then a non-participant, then an unpaid booking', () => {
    expect(accessRefusal(null, 'student-1')).toBe('not_found');
    expect(accessRefusal({ ...booking, paymentStatus: 'pending' }, 'someone-else')).toBe('access_denied');
    expect(accessRefusal({ ...booking, paymentStatus: 'pending', status: 'pending' }, 'student-1')).toBe('payment_required');
  });

  it('refuses a booking that has no class (cancelled, expired, refunded) to both parties, before asking for payment', () => {
    expect(accessRefusal({ ...booking, status: 'cancelled' }, 'tutor-1')).toBe('lesson_cancelled');
    expect(accessRefusal({ ...booking, status: 'cancelled' }, 'student-1')).toBe('lesson_cancelled');
    // Unpaid and released: paying would not help, so not "Payment Required".
    expect(accessRefusal({ ...booking, paymentStatus: 'pending', status: 'cancelled' }, 'student-1')).toBe('lesson_cancelled');
    expect(accessRefusal({ ...booking, paymentStatus: 'pending', status: 'expired' }, 'student-1')).toBe('booking_expired');
    expect(accessRefusal({ ...booking, paymentStatus: 'refunded' }, 'tutor-1')).toBe('payment_refunded');
    // Still not a participant first: a stranger learns nothing of the booking's state.
    expect(accessRefusal({ ...booking, status: 'cancelled' }, 'someone-else')).toBe('access_denied');
    expect(accessRefusal({ ...booking, status: 'completed' }, 'student-1')).toBeNull();
  });

  it('lets both parties of a paid booking in, and no one else (a super admin is not a participant)', () => {
    expect(accessRefusal(booking, 'student-1')).toBeNull();
    expect(accessRefusal(booking, 'tutor-1')).toBeNull();
    expect(accessRefusal(booking, 'super-admin-1')).toBe('access_denied');
  });

  it('lets a child\'s own login into the lesson their parent booked for them, and not into a sibling\'s', () => {
    const forChild = { ...booking, studentId: 'parent-1', learner: { id: 'learner-1', firstName: 'Baraka', grade: 'cbc-grade-9', curriculum: 'cbc' as const } };
    expect(accessRefusal(forChild, 'child-1', { parentId: 'parent-1', learnerId: 'learner-1' })).toBeNull();
    expect(accessRefusal(forChild, 'sibling-1', { parentId: 'parent-1', learnerId: 'learner-2' })).toBe('access_denied');
    // Same learner id under another household names nothing of this one.
    expect(accessRefusal(forChild, 'child-9', { parentId: 'parent-9', learnerId: 'learner-1' })).toBe('access_denied');
    expect(accessRefusal(forChild, 'child-1')).toBe('access_denied');
    expect(roleIn(forChild, 'child-1')).toBe('attendee');
  });

  it('makes the tutor the moderator and the student an attendee', () => {
    expect(roleIn(booking, 'tutor-1')).toBe('moderator');
    expect(roleIn(booking, 'student-1')).toBe('attendee');
  });
});

describe('the window: 15 minutes before the start to 30 minutes after the scheduled end', () => {
  const window = liveWindow(lesson);

  it('opens at start − 15 min and closes at start + duration + 30 min', () => {
    expect(window.opensAt.toISOString()).toBe('2026-11-23T05:45:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('includes both boundaries exactly, and nothing a millisecond outside', () => {
    expect(windowPosition(window, at('2026-11-23T05:44:59.999Z'))).toBe('before');
    expect(windowPosition(window, at('2026-11-23T05:45:00.000Z'))).toBe('open');
    expect(windowPosition(window, at('2026-11-23T08:00:00.000Z'))).toBe('open');
    expect(windowPosition(window, at('2026-11-23T08:00:00.001Z'))).toBe('after');
  });

  it('explains a closed window with the lesson time in the viewer\'s own zone', () => {
    expect(outsideWindowNotice(lesson, 'Africa/Nairobi', at('2026-11-23T05:00:00Z')))
      .toBe(liveMessages.notOpenYet('Monday, 23 November 2026 at 09:00 (EAT)'));
    expect(outsideWindowNotice(lesson, 'Africa/Lagos', at('2026-11-23T09:00:00Z')))
      .toBe(liveMessages.windowClosed('Monday, 23 November 2026 at 07:00 (WAT)'));
    expect(outsideWindowNotice(lesson, 'Africa/Nairobi', at('2026-11-23T06:30:00Z'))).toBeUndefined();
  });

  it('writes the lesson time in the caller\'s language; the whole notice then reads in Kiswahili', () => {
    const notice = outsideWindowNotice(lesson, 'Africa/Nairobi', at('2026-11-23T05:00:00Z'), 'sw') ?? '';
    expect(inLanguage(notice, 'sw'))
      .toBe('Darasa hili hufunguliwa dakika 15 kabla ya somo kuanza. Somo ni Jumatatu, 23 Novemba 2026 saa 09:00 (EAT).');
  });

  it('still answers for a zone the runtime does not know (in UTC, labelled)', () => {
    expect(outsideWindowNotice(lesson, 'Mars/Olympus', at('2026-11-23T05:00:00Z'))).toContain('06:00 (UTC)');
  });
});

describe('states', () => {
  const table: Record<LiveSessionState, Record<LiveAction, string>> = {
    not_created: { create: 'created', start: 'active', join: 'not_started', end: 'not_active' },
    created: { create: 'created', start: 'active', join: 'active', end: 'not_active' },
    active: { create: 'active', start: 'active', join: 'active', end: 'ended' },
    ended: { create: 'session_ended', start: 'session_ended', join: 'session_ended', end: 'ended' },
  };

  it('moves forward only, repeats change nothing, and an ended session stays ended', () => {
    for (const state of LIVE_SESSION_STATES) {
      for (const action of ['create', 'start', 'join', 'end'] as const) {
        expect(nextState(state, action), `${state} + ${action}`).toBe(table[state][action]);
      }
    }
  });

  it('tells refusals from states', () => {
    expect(isStateRefusal(nextState('not_created', 'join'))).toBe(true);
    expect(isStateRefusal(nextState('created', 'join'))).toBe(false);
  });

  it('labels each state as the spec does', () => {
    expect(LIVE_SESSION_STATES.map(liveSessionLabel)).toEqual(['Ready to Start', 'Meeting Ready', 'Live Session', 'Session Ended']);
  });

  it('offers create to the tutor before the room exists, join in created or active, end to the tutor while active', () => {
    expect(viewerActions('not_created', 'moderator', 'open')).toEqual({ canCreate: true, canJoin: false, canEnd: false });
    expect(viewerActions('not_created', 'attendee', 'open')).toEqual({ canCreate: false, canJoin: false, canEnd: false });
    expect(viewerActions('created', 'attendee', 'open')).toEqual({ canCreate: false, canJoin: true, canEnd: false });
    expect(viewerActions('active', 'moderator', 'open')).toEqual({ canCreate: false, canJoin: true, canEnd: true });
    expect(viewerActions('active', 'attendee', 'open')).toEqual({ canCreate: false, canJoin: true, canEnd: false });
    expect(viewerActions('ended', 'moderator', 'open')).toEqual({ canCreate: false, canJoin: false, canEnd: false });
  });

  it('offers nothing but End outside the window (a live class can always be closed)', () => {
    expect(viewerActions('not_created', 'moderator', 'before')).toEqual({ canCreate: false, canJoin: false, canEnd: false });
    expect(viewerActions('active', 'moderator', 'after')).toEqual({ canCreate: false, canJoin: false, canEnd: true });
  });

  it('offers End only once the lesson has started: a class ended before it began was never given', () => {
    expect(viewerActions('active', 'moderator', 'open', false)).toEqual({ canCreate: false, canJoin: true, canEnd: false });
    expect(endRefusal(lesson, at('2026-11-23T05:59:59.999Z'))).toBe('lesson_not_started');
    expect(endRefusal(lesson, at('2026-11-23T06:00:00.000Z'))).toBeNull();
  });
});

describe('completion', () => {
  it('is asked only for a paid lesson (confirmed, or completed with its announcement possibly owed)', () => {
    expect(mayComplete({ paymentStatus: 'paid', status: 'confirmed' })).toBe(true);
    expect(mayComplete({ paymentStatus: 'paid', status: 'completed' })).toBe(true);
    expect(mayComplete({ paymentStatus: 'pending', status: 'pending' })).toBe(false);
    expect(mayComplete({ paymentStatus: 'failed', status: 'confirmed' })).toBe(false);
    expect(mayComplete({ paymentStatus: 'paid', status: 'cancelled' })).toBe(false);
  });
});

describe('the room', () => {
  it('is named after the booking and lasts the lesson plus both margins', () => {
    expect(meetingIdFor('b-1')).toBe('alp-b-1');
    expect(meetingNameFor({ subject: 'Mathematics', tutor: { id: 't', firstName: 'Amina', lastName: 'Otieno' } }))
      .toBe('Mathematics with Amina Otieno');
    expect(meetingDurationFor(60)).toBe(105);
  });
});
