import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_LABELS, liveMessages } from '@functions/live/messages';
import type { LiveSessionState } from '@functions/live/contract';
import { ApiError } from '../../shared/api';
import { lookupOf } from '../../shared/i18n/lookup';
import {
  attendanceLines, endDialogText, endedToast, liveActions, liveFailure, liveStatusBadge, loadRefusal, pollInterval, POLL_MS, stateHint,
} from './live-view';
import { useLiveText } from './text';

beforeAll(() => i18n.activate('en'));
const t = lookupOf(useLiveText);

const STATES: LiveSessionState[] = ['not_created', 'created', 'active', 'ended'];
const everything = { canCreate: true, canJoin: true, canEnd: true };
const tutor = (status: LiveSessionState, can = everything) => ({ status, viewerRole: 'moderator' as const, ...can });
const student = (status: LiveSessionState, can = { canCreate: false, canJoin: true, canEnd: false }) => ({ status, viewerRole: 'attendee' as const, ...can });

describe('live session buttons per state and side', () => {
  it('the tutor creates before the room exists, joins once it does, ends only while live', () => {
    expect(STATES.map((s) => liveActions(tutor(s)))).toEqual([
      { waiting: false, create: true, join: false, end: false },
      { waiting: false, create: false, join: true, end: false },
      { waiting: false, create: false, join: true, end: true },
      { waiting: false, create: false, join: false, end: false },
    ]);
  });

  it('the student waits for the tutor, joins once the room exists, and never creates or ends', () => {
    expect(STATES.map((s) => liveActions(student(s, everything)))).toEqual([
      { waiting: true, create: false, join: false, end: false },
      { waiting: false, create: false, join: true, end: false },
      { waiting: false, create: false, join: true, end: false },
      { waiting: false, create: false, join: false, end: false },
    ]);
    expect(stateHint({ status: 'not_created', viewerRole: 'attendee' }, t)).toBe(liveMessages.waitingForTutor);
  });

  it('before the window opens, nobody is shown waiting: the notice says when it opens', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    const later = { opensAt: '2026-11-30T12:45:00Z' };
    const opened = { opensAt: '2026-11-28T09:55:00Z' };
    const base = { canCreate: false, canJoin: false, canEnd: false };
    expect(liveActions({ ...base, status: 'not_created', viewerRole: 'attendee', window: later }, now).waiting).toBe(false);
    expect(liveActions({ ...base, status: 'not_created', viewerRole: 'attendee', window: opened }, now).waiting).toBe(true);
    expect(stateHint({ status: 'not_created', viewerRole: 'attendee', window: later }, t, now)).toBe('');
    expect(stateHint({ status: 'not_created', viewerRole: 'moderator', window: later }, t, now)).toBe('');
    expect(stateHint({ status: 'not_created', viewerRole: 'attendee', window: opened }, t, now)).toBe(liveMessages.waitingForTutor);
  });

  it("offers nothing the server does not allow (outside the lesson's window)", () => {
    const none = { canCreate: false, canJoin: false, canEnd: false };
    for (const s of STATES) {
      expect(liveActions(tutor(s, none))).toMatchObject({ create: false, join: false, end: false });
      expect(liveActions(student(s, none))).toMatchObject({ join: false });
    }
  });

  it("labels each state with the spec's words", () => {
    expect(STATES.map((s) => liveStatusBadge(s, t).label)).toEqual(['Ready to Start', 'Meeting Ready', 'Live Session', 'Session Ended']);
    expect(STATES.map((s) => liveStatusBadge(s, t).label)).toEqual(STATES.map((s) => LIVE_SESSION_LABELS[s]));
  });
});

describe('asking the server again', () => {
  it('polls while the other party can change the state, and stops once it has ended', () => {
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval({ status: 'not_created', viewerRole: 'attendee' })).toBe(POLL_MS);
    expect(pollInterval({ status: 'active', viewerRole: 'attendee' })).toBe(POLL_MS);
    expect(pollInterval({ status: 'created', viewerRole: 'moderator' })).toBe(POLL_MS);
    expect(pollInterval({ status: 'not_created', viewerRole: 'moderator' })).toBe(false);
    expect(pollInterval({ status: 'ended', viewerRole: 'attendee' })).toBe(false);
    expect(POLL_MS).toBeLessThanOrEqual(5000);
  });
});

describe('refused loads (access order and texts)', () => {
  const refusal = (status: number, code = 'x') => loadRefusal(new ApiError(status, code, 'server text', true), t);

  it('an unknown booking goes to the dashboard, an unpaid one to My Bookings, each saying why', () => {
    expect(refusal(404)).toEqual({ kind: 'redirect', to: '/dashboard', message: liveMessages.bookingNotFound });
    expect(refusal(400, 'validation_failed')).toEqual({ kind: 'redirect', to: '/dashboard', message: 'Booking not found' });
    expect(refusal(402)).toEqual({ kind: 'redirect', to: '/my-bookings', message: `${liveMessages.paymentRequiredTitle}: ${liveMessages.paymentRequired}` });
  });

  it('someone else\'s lesson is Access Denied on the page; anything else can be retried', () => {
    expect(refusal(403)).toMatchObject({ kind: 'card', title: liveMessages.accessDeniedTitle, text: liveMessages.accessDenied, retry: false });
    expect(refusal(500)).toMatchObject({ kind: 'card', title: liveMessages.loadFailed, retry: true });
    expect(loadRefusal(new ApiError(0, 'network_error', 'offline'), t)).toMatchObject({ title: 'Failed to load session details', retry: true });
  });

  it('a lesson that has no class (cancelled, expired, refunded) says so on the page, in the server\'s words, and leads to My Bookings', () => {
    expect(refusal(409, 'lesson_cancelled')).toEqual({ kind: 'card', title: 'Lesson Cancelled', text: 'server text', retry: false, back: 'myBookings' });
    expect(refusal(409, 'booking_expired')).toMatchObject({ title: 'Booking Expired', back: 'myBookings' });
    expect(refusal(409, 'payment_refunded')).toMatchObject({ title: 'Lesson Refunded', back: 'myBookings' });
    // Other conflicts are not final.
    expect(refusal(409, 'session_ended')).toMatchObject({ retry: true });
  });

  it("failure toasts add the server's reason, never a generic HTTP text", () => {
    expect(liveFailure('Failed to join meeting', new ApiError(422, 'window', 'The class opens at 09:45 EAT.', true))).toBe(
      'Failed to join meeting: The class opens at 09:45 EAT.',
    );
    expect(liveFailure('Failed to end meeting', new ApiError(502, 'http_error', 'Request failed (HTTP 502)'))).toBe('Failed to end meeting');
  });
});

describe('attendance', () => {
  it('lists every join, latest first, with the side and the time on the viewer\'s clock', () => {
    const lines = attendanceLines(
      [
        { userId: 't', name: 'Jane Tutor', role: 'moderator', joinedAt: '2026-06-01T06:00:00.000Z' },
        { userId: 's', name: 'Amani Student', role: 'attendee', joinedAt: '2026-06-01T06:02:00.000Z' },
      ],
      (iso) => iso.slice(11, 16),
      t,
    );
    expect(lines.map(({ name, role, at }) => [name, role, at])).toEqual([
      ['Amani Student', 'Student', '06:02'],
      ['Jane Tutor', 'Tutor', '06:00'],
    ]);
  });
});

describe('the page’s own toasts', () => {
  it('are the live session texts in English (functions/live/messages.ts)', () => {
    expect([t('toast.joinFailed'), t('toast.created'), t('toast.createFailed'), t('toast.ended'), t('toast.endFailed')]).toEqual([
      liveMessages.joinFailed, liveMessages.meetingCreated, liveMessages.createFailed, liveMessages.meetingEnded, liveMessages.endFailed,
    ]);
  });
});

describe('ending a class the student may not have attended', () => {
  const tutorIn = { userId: 't', name: 'Jane Tutor', role: 'moderator' as const, joinedAt: '2026-06-01T06:00:00.000Z' };
  it('warns the tutor before a no-show that the lesson will not be paid', () => {
    const { title, text } = endDialogText({ endOutcome: 'tutor_no_show', attendance: [tutorIn] }, 'Amani Student', t);
    expect(title).toBe('End the class without Amani Student?');
    expect(text).toContain('Amani Student has not joined this class');
    expect(text).toContain('you are not paid for it and Amani Student is refunded in full');
    expect(endDialogText({ endOutcome: 'tutor_no_show', attendance: [] }, 'Amani Student', t).text).toMatch(/^You have not joined this class yourself/);
  });

  it('says the lesson is completed when both came, and paid as missed when the tutor waited out its time', () => {
    expect(endDialogText({ endOutcome: 'completed', attendance: [] }, 'Amani', t)).toEqual({ title: 'End the session for everyone?', text: t('endDialog.text') });
    expect(endDialogText({ endOutcome: 'student_no_show', attendance: [tutorIn] }, 'Amani', t).text).toContain('you are paid for it');
  });

  it('tells the tutor afterwards what became of the lesson', () => {
    expect(endedToast('completed', 'Amani', t)).toBe('Meeting Ended');
    expect(endedToast('cancelled', 'Amani', t)).toMatch(/^Meeting Ended\. Amani never joined/);
  });

  it('explains, while live before the start, why End is not offered yet', () => {
    expect(stateHint({ status: 'active', viewerRole: 'moderator', canEnd: false }, t)).toBe(t('hint.tutor.activeEarly'));
    expect(stateHint({ status: 'active', viewerRole: 'moderator', canEnd: true }, t)).toBe(t('hint.tutor.active'));
  });

  it('thanks the tutor for teaching, and the student for learning, once the lesson is over', () => {
    expect(stateHint({ status: 'ended', viewerRole: 'moderator' }, t)).toMatch(/Thank you for teaching/);
    expect(stateHint({ status: 'ended', viewerRole: 'attendee' }, t)).toMatch(/Thank you for learning/);
  });
});
