/**
 * Live session rules with no I/O (states and labels, access order, who moderates):
 * the service reads the booking and the session, asks these, and writes what they decide.
 */
import type { Booking } from '../bookings/contract.js';
import { lessonTimeIn } from '../shared/display.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import {
  CLOSES_MINUTES_AFTER, LIVE_SESSION_LABELS, liveMessages, OPENS_MINUTES_BEFORE, type LiveSessionState,
} from './contract.js';
import { liveOpensAt } from './catalog.js';
import type { MeetingRole } from './video.js';

const MINUTE_MS = 60_000;

// ---- Access (checked in this order) ----

/** Why a booking has no class however it is paid: it was cancelled, its hold ran out, or its money went back. */
export type NotLive = 'lesson_cancelled' | 'booking_expired' | 'payment_refunded';
export type AccessRefusal = 'not_found' | 'access_denied' | NotLive | 'payment_required';

type BookingFacts = Pick<Booking, 'studentId' | 'tutorId' | 'paymentStatus' | 'status' | 'learner'>;

/** The learner a child's own login is linked to (households/acting-learner.ts): whose lessons it attends. */
export interface LinkedLearner { parentId: string; learnerId: string }

/**
 * Whether this user is the booking's student side: the one who booked, or a child's own login
 * for the lesson their parent booked for them (payer the parent, learner that child; never a sibling's).
 */
export function attendsAsStudent(booking: Pick<Booking, 'studentId' | 'learner'>, userId: string, linked: LinkedLearner | null = null): boolean {
  if (booking.studentId === userId) return true;
  return !!linked && booking.studentId === linked.parentId && booking.learner?.id === linked.learnerId;
}

/** Why the booking can have no class at all, or null: checked before payment, as paying would not help. */
export function notLive(booking: Pick<Booking, 'paymentStatus' | 'status'>): NotLive | null {
  if (booking.status === 'cancelled') return 'lesson_cancelled';
  if (booking.status === 'expired') return 'booking_expired';
  if (booking.paymentStatus === 'refunded') return 'payment_refunded';
  return null;
}

/**
 * Why this user may not open the booking's session, or null: unknown booking, then not its
 * student side (attendsAsStudent) or tutor (a super admin is neither), then a booking that has no class (cancelled,
 * expired, refunded: no room is opened or entered for it), then not paid. Signed out is the
 * gateway's 401. `booking` is as its readers see it now (an unpaid hold past its time is expired).
 */
export function accessRefusal(booking: BookingFacts | null, userId: string, linked: LinkedLearner | null = null): AccessRefusal | null {
  if (!booking) return 'not_found';
  if (booking.tutorId !== userId && !attendsAsStudent(booking, userId, linked)) return 'access_denied';
  const dead = notLive(booking);
  if (dead) return dead;
  if (booking.paymentStatus !== 'paid') return 'payment_required';
  return null;
}

/** The booking's tutor moderates, its student attends: from the booking, never from a request. */
export const roleIn = (booking: Pick<Booking, 'tutorId'>, userId: string): MeetingRole =>
  (booking.tutorId === userId ? 'moderator' : 'attendee');

// ---- The window: from 15 minutes before the start to 30 minutes after the scheduled end ----

export interface LiveWindow { opensAt: Date; closesAt: Date }

export function liveWindow(booking: Pick<Booking, 'scheduledAt' | 'durationMinutes'>): LiveWindow {
  const start = Date.parse(booking.scheduledAt);
  return {
    opensAt: liveOpensAt(booking.scheduledAt),
    closesAt: new Date(start + (booking.durationMinutes + CLOSES_MINUTES_AFTER) * MINUTE_MS),
  };
}

/** Where `now` is relative to the window; both ends are inside it. */
export function windowPosition(window: LiveWindow, now: Date): 'before' | 'open' | 'after' {
  if (now.getTime() < window.opensAt.getTime()) return 'before';
  if (now.getTime() > window.closesAt.getTime()) return 'after';
  return 'open';
}

/** Why the class can't be opened now, with the lesson time in the viewer's zone; undefined inside the window. */
export function outsideWindowNotice(
  booking: Pick<Booking, 'scheduledAt' | 'durationMinutes'>, timeZone: string, now: Date, language: Language = DEFAULT_LANGUAGE,
): string | undefined {
  const position = windowPosition(liveWindow(booking), now);
  if (position === 'open') return undefined;
  // The time in the caller's language; the sentence around it is translated with every other message.
  const when = lessonTimeIn(booking.scheduledAt, timeZone, language);
  return position === 'before' ? liveMessages.notOpenYet(when) : liveMessages.windowClosed(when);
}

// ---- States: not_created → created → active → ended ----

/**
 * create: the tutor makes the room; start: Start Class (the room, live at once); join: either
 * party enters; end: the tutor closes it for everyone.
 */
export type LiveAction = 'create' | 'start' | 'join' | 'end';
export type StateRefusal = 'session_ended' | 'not_started' | 'not_active';

/**
 * The state after `action`, or why it is refused. Repeats answer the same state (a repeated
 * create or end changes nothing) and nothing moves backwards (create never makes an active
 * session merely created again).
 */
export function nextState(state: LiveSessionState, action: LiveAction): LiveSessionState | StateRefusal {
  switch (action) {
    case 'create':
      return state === 'ended' ? 'session_ended' : state === 'not_created' ? 'created' : state;
    case 'start':
      return state === 'ended' ? 'session_ended' : 'active';
    case 'join':
      return state === 'ended' ? 'session_ended' : state === 'not_created' ? 'not_started' : 'active';
    case 'end':
      return state === 'active' || state === 'ended' ? 'ended' : 'not_active';
  }
}

export const isStateRefusal = (next: LiveSessionState | StateRefusal): next is StateRefusal =>
  next === 'session_ended' || next === 'not_started' || next === 'not_active';

export const liveSessionLabel = (state: LiveSessionState): string => LIVE_SESSION_LABELS[state];

/**
 * What the caller may do now; the SPA shows only these buttons, the routes check again. End only
 * once the lesson's start has come (`started`): see endRefusal.
 */
export function viewerActions(state: LiveSessionState, role: MeetingRole, position: 'before' | 'open' | 'after', started = true) {
  const open = position === 'open';
  return {
    canCreate: role === 'moderator' && state === 'not_created' && open,
    canJoin: (state === 'created' || state === 'active') && open,
    canEnd: role === 'moderator' && state === 'active' && started,
  };
}

/** Whether the lesson's scheduled start has come. */
export const hasStarted = (booking: Pick<Booking, 'scheduledAt'>, now: Date): boolean => Date.parse(booking.scheduledAt) <= now.getTime();

// ---- Ending, and what it does to the lesson ----

/**
 * Why the tutor may not end the class now, or null. Before the lesson's scheduled start it has
 * not been given, so ending it can't complete it, and an ended room can't be opened again: the
 * lesson would be lost to both. A tutor who will not teach it cancels the booking instead.
 */
export const endRefusal = (booking: Pick<Booking, 'scheduledAt'>, now: Date): 'lesson_not_started' | null =>
  (hasStarted(booking, now) ? null : 'lesson_not_started');

/**
 * Whether ending the class settles the lesson (completes it, or settles a no-show; see
 * absentWhenEnded in jobs/lesson-rules.ts): only a paid one, confirmed, or already completed (its
 * announcement may still be owed after a crash; completeLesson sends it once). Never an unpaid,
 * cancelled or expired booking.
 */
export const mayComplete = (booking: Pick<Booking, 'paymentStatus' | 'status'>): boolean =>
  booking.paymentStatus === 'paid' && (booking.status === 'confirmed' || booking.status === 'completed');

// ---- The provider's room ----

/** Derived from the booking, so a retried create finds the same room. */
export const meetingIdFor = (bookingId: string) => `alp-${bookingId}`;
export const demoMeetingIdFor = (userId: string) => `alp-demo-${userId}`;
export const meetingNameFor = (booking: Pick<Booking, 'subject' | 'tutor'>) =>
  `${booking.subject} with ${booking.tutor.firstName} ${booking.tutor.lastName}`;
export const demoMeetingNameFor = (firstName: string) => `Demo class — ${firstName}`;
/** The lesson, the 30 minutes it may run over, and the 15 minutes before it: then the provider may close the room. */
export const meetingDurationFor = (lessonMinutes: number) => lessonMinutes + CLOSES_MINUTES_AFTER + OPENS_MINUTES_BEFORE;
