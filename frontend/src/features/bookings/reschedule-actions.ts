/**
 * What each party may do about moving a lesson, as the API decides it
 * (functions/bookings/reschedule.ts): shown only when the server would accept it. Pure and
 * zod-free, unit-tested.
 */
import type { Booking } from '@functions/bookings/contract';
import { DEFAULT_CANCELLATION_WINDOW_HOURS } from '@functions/bookings/catalog';

export interface RescheduleActions {
  /** "Reschedule": pick a new time among the tutor's free hours. */
  propose: boolean;
  /** The open proposal, and whether the viewer made it. */
  proposal?: { start: string; mine: boolean };
  accept: boolean;
  decline: boolean;
  withdraw: boolean;
}

type Lesson = Pick<Booking, 'studentId' | 'tutorId' | 'status' | 'paymentStatus' | 'scheduledAt' | 'rescheduleProposal'>;

export function rescheduleActions(
  lesson: Lesson, viewerId: string | undefined, now: Date = new Date(), windowHours = DEFAULT_CANCELLATION_WINDOW_HOURS,
): RescheduleActions {
  const none: RescheduleActions = { propose: false, accept: false, decline: false, withdraw: false };
  const side = viewerId === lesson.studentId ? 'student' : viewerId === lesson.tutorId ? 'tutor' : null;
  const start = Date.parse(lesson.scheduledAt);
  if (!side || lesson.status !== 'confirmed' || lesson.paymentStatus !== 'paid' || start <= now.getTime()) return none;
  const open = lesson.rescheduleProposal;
  const mine = open?.by === side;
  const outsideWindow = side === 'tutor' || now.getTime() < start - windowHours * 3_600_000;
  const theirs = Boolean(open) && !mine;
  return {
    propose: outsideWindow && !theirs,
    ...(open ? { proposal: { start: open.start, mine } } : {}),
    accept: theirs && Date.parse(open!.start) > now.getTime(),
    decline: theirs,
    withdraw: mine,
  };
}
