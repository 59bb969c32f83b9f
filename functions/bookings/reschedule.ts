/**
 * Moving a paid lesson: who may propose a new time, when, and who answers.
 * Pure: the service (reschedule-service.ts) reads the booking and the tutor's calendar and acts.
 *
 * - Either party of a paid, confirmed lesson that has not started may propose a new start; the
 *   student only before the policy window (policy-window.ts), the tutor any time
 *   before the start (as a tutor may cancel any time).
 * - One open proposal at a time: its proposer may replace it with another time; while the other
 *   party's proposal is open, one answers it first (accept or decline), so neither side's offer is
 *   silently overwritten.
 * - The other party accepts or declines; the proposer may withdraw.
 */
import { DomainError } from '../shared/errors.js';
import type { Booking } from './contract.js';
import { rescheduleMessages } from './messages.js';

export type RescheduleParty = 'student' | 'tutor';
export type RescheduleAnswer = 'accept' | 'decline' | 'withdraw';

type Lesson = Pick<Booking, 'studentId' | 'tutorId' | 'status' | 'paymentStatus' | 'scheduledAt' | 'rescheduleProposal'>;

/** The caller's side of the booking, or null for a stranger. */
export function partyOf(booking: Pick<Booking, 'studentId' | 'tutorId'>, userId: string): RescheduleParty | null {
  if (booking.studentId === userId) return 'student';
  if (booking.tutorId === userId) return 'tutor';
  return null;
}

const refusal = (status: number, code: string, message: string) => new DomainError(status, code, message);

/** Only a paid, confirmed lesson that has not started can move (not pending, cancelled, completed). */
function movableRefusal(lesson: Lesson, now: Date): DomainError | null {
  if (lesson.status !== 'confirmed' || lesson.paymentStatus !== 'paid') return refusal(422, 'not_movable', rescheduleMessages.notMovable);
  if (Date.parse(lesson.scheduledAt) <= now.getTime()) return refusal(422, 'lesson_started', rescheduleMessages.started);
  return null;
}

/** Why `by` may not propose a new time for this lesson now (null: they may). */
export function proposeRefusal(lesson: Lesson, by: RescheduleParty, now: Date, windowHours: number): DomainError | null {
  const notMovable = movableRefusal(lesson, now);
  if (notMovable) return notMovable;
  if (by === 'student' && now.getTime() >= Date.parse(lesson.scheduledAt) - windowHours * 3_600_000) {
    return refusal(422, 'inside_window', rescheduleMessages.insideWindow(windowHours));
  }
  if (lesson.rescheduleProposal && lesson.rescheduleProposal.by !== by) {
    return refusal(409, 'proposal_pending', rescheduleMessages.otherPartyProposed);
  }
  return null;
}

/** Why `by` may not answer the open proposal this way now (null: they may). */
export function answerRefusal(lesson: Lesson, by: RescheduleParty, answer: RescheduleAnswer, now: Date): DomainError | null {
  const proposal = lesson.rescheduleProposal;
  if (!proposal) return refusal(409, 'no_proposal', rescheduleMessages.noProposal);
  if (answer === 'withdraw') return proposal.by === by ? null : refusal(403, 'not_proposer', rescheduleMessages.notProposer);
  if (proposal.by === by) return refusal(422, 'own_proposal', rescheduleMessages.ownProposal);
  if (answer === 'decline') return null;
  const notMovable = movableRefusal(lesson, now);
  if (notMovable) return notMovable;
  if (Date.parse(proposal.start) <= now.getTime()) return refusal(422, 'proposed_time_passed', rescheduleMessages.proposedTimePassed);
  return null;
}

/** Which hour locks a move frees and which it takes (hours in both stay as they are). */
export function hourChanges(oldHours: readonly string[], newHours: readonly string[]): { release: string[]; take: string[] } {
  return { release: oldHours.filter((h) => !newHours.includes(h)), take: newHours.filter((h) => !oldHours.includes(h)) };
}
