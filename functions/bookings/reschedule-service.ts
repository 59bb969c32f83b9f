/**
 * Moving a paid lesson to another time (rules in reschedule.ts). A proposal
 * must be a time the tutor's calendar offers now (the same check as booking); accepting it moves
 * the booking and its hour locks in one transaction, so two lessons never hold the same hour.
 * Nothing is charged again and the price stays what was paid. Each step is announced
 * (LessonReschedule) and the notifications consumer e-mails the people concerned.
 */
import type { AuthUser } from '../shared/http.js';
import { BusinessRuleViolated, Conflict, type DomainError, Forbidden, NotFound } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { BOOKING_WINDOW_DAYS } from '../tutors/catalog.js';
import { listSlots, requireTutor, tutorSchedule } from '../tutors/service.js';
import { HOUR_MS, lessonTimeProblem } from '../tutors/schedule.js';
import { bookingMessages, RescheduleRequest, type Booking } from './contract.js';
import { rescheduleMessages } from './messages.js';
import { cancellationWindowHours, windowOpensAt } from './policy-window.js';
import {
  bookedHours, BookingChanged, clearRescheduleProposal, getBooking, getVersionedBooking, HourTaken, moveBookingWithLocks, movePlanLessonWithLocks, saveRescheduleProposal,
} from './repository.js';
import { answerRefusal, hourChanges, partyOf, proposeRefusal, type RescheduleAnswer, type RescheduleParty } from './reschedule.js';
import { coveredHours, effectiveBooking, overlappedHours } from './rules.js';
import type { StoredBooking } from './keys.js';

type Proposal = NonNullable<Booking['rescheduleProposal']>;

const changedMeanwhile = () => new Conflict('booking_changed', 'This lesson was changed meanwhile. Please reload it and try again.');

/** The booking as its parties see it (without the stored lock list). */
function view({ lockedHours: _hours, ...booking }: StoredBooking, now: Date): Booking {
  return effectiveBooking(booking, now);
}

/**
 * The booking (with its version, which an accepted move writes on) and the caller's side of it;
 * "Booking not found" / not authorized otherwise (the product's order of refusals).
 */
async function bookingOfParty(user: AuthUser, bookingId: string): Promise<{ booking: StoredBooking; version: number; by: RescheduleParty }> {
  const read = await getVersionedBooking(bookingId);
  if (!read) throw new NotFound(bookingMessages.notFound);
  const by = partyOf(read.booking, user.id);
  if (!by) throw new Forbidden(bookingMessages.notYours);
  return { ...read, by };
}

/** After a conditional write lost a race: why, as the rules would say it on the fresh booking. */
async function refusalNow(bookingId: string, rule: (fresh: StoredBooking) => DomainError | null): Promise<DomainError> {
  const fresh = await getBooking(bookingId);
  return (fresh && rule(fresh)) || changedMeanwhile();
}

/**
 * Announces a step already written. A bus failure is logged, not thrown: the step happened (and
 * both parties see it in their bookings); failing the request would only invite a retry that the
 * changed booking then refuses. Only the e-mail is lost.
 */
async function announce(booking: Pick<Booking, 'id' | 'studentId' | 'tutorId' | 'subject' | 'durationMinutes'>, step: RescheduleStep,
  proposal: Proposal, previousStart: string, actor: RescheduleParty, now: Date): Promise<void> {
  try {
    await publishEvent('LessonReschedule', {
      bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId, subject: booking.subject,
      durationMinutes: booking.durationMinutes, step, actor, proposedBy: proposal.by, proposedAt: proposal.proposedAt,
      previousStart, proposedStart: proposal.start, occurredAt: now.toISOString(),
    });
  } catch (error) {
    logger.error('LessonReschedule not published: its e-mails will not be sent', { bookingId: booking.id, step, error });
  }
}
type RescheduleStep = 'proposed' | 'accepted' | 'declined' | 'withdrawn';

/** A party proposes a new start for their lesson (replacing their own open proposal, if any). */
export async function proposeReschedule(user: AuthUser, bookingId: string, input: RescheduleRequest, now = new Date()): Promise<Booking> {
  const start = new Date(RescheduleRequest.parse(input).start).toISOString();
  const { booking, by } = await bookingOfParty(user, bookingId);
  const rule = (lesson: StoredBooking) => proposeRefusal(lesson, by, now, cancellationWindowHours());
  const refused = rule(booking);
  if (refused) throw refused;
  if (start === booking.scheduledAt) throw new BusinessRuleViolated('same_time', rescheduleMessages.sameTime);

  // The same rule as booking: hours the tutor's calendar offers, with the tutor's notice.
  const hours = coveredHours(start, booking.durationMinutes);
  const tutor = await requireTutor(booking.tutorId);
  const schedule = tutorSchedule(tutor, await listSlots(tutor.id));
  const problem = lessonTimeProblem(schedule, start, hours, now, BOOKING_WINDOW_DAYS);
  if (problem === 'unavailable') throw new BusinessRuleViolated('slot_unavailable', bookingMessages.slotUnavailable);
  if (problem === 'too_soon') throw new BusinessRuleViolated('too_soon', bookingMessages.tooSoon(schedule.minNoticeHours));
  // Refused early when another lesson holds the time; accepting checks again in its transaction.
  const held = await bookedHours(booking.tutorId, new Date(hours[0]!), new Date(Date.parse(hours.at(-1)!) + HOUR_MS - 1), now);
  if ([...held.values()].some((holder) => holder !== booking.id)) throw new Conflict('slot_taken', bookingMessages.slotTaken);

  const proposal: Proposal = { by, start, proposedAt: now.toISOString() };
  const saved = await saveRescheduleProposal(booking, proposal);
  if (!saved) throw await refusalNow(booking.id, rule);
  await announce(saved, 'proposed', proposal, saved.scheduledAt, by, now);
  return view(saved, now);
}

/**
 * The other party accepts: the lesson moves to the proposed start with its hour locks, in one
 * transaction (409 slot_taken when the time was booked meanwhile; the proposal then stays open
 * to decline or withdraw). The reminders start over for the new time (the lessons job).
 */
export async function acceptReschedule(user: AuthUser, bookingId: string, now = new Date()): Promise<Booking> {
  const { booking, version, by } = await bookingOfParty(user, bookingId);
  const rule = (lesson: StoredBooking) => answerRefusal(lesson, by, 'accept', now);
  const refused = rule(booking);
  if (refused) throw refused;
  const proposal = booking.rescheduleProposal!;
  const all = coveredHours(proposal.start, booking.durationMinutes);
  try {
    // On the version read: a cancel that committed meanwhile refuses the move (BookingChanged).
    await moveBookingWithLocks({ ...booking, version }, proposal, { all, ...hourChanges(booking.lockedHours, all) }, now, windowOpensAt(proposal.start));
  } catch (error) {
    if (error instanceof HourTaken) throw new Conflict('slot_taken', bookingMessages.slotTaken);
    if (error instanceof BookingChanged) throw await refusalNow(booking.id, rule);
    throw error;
  }
  countBusinessEvent(BusinessMetric.lessonRescheduled);
  await announce(booking, 'accepted', proposal, booking.scheduledAt, by, now);
  const moved = await getBooking(booking.id);
  if (!moved) throw new NotFound(bookingMessages.notFound);
  return view(moved, now);
}

/** The other party declines, or the proposer withdraws: the lesson stays where it was. */
export async function closeRescheduleProposal(
  user: AuthUser, bookingId: string, answer: Exclude<RescheduleAnswer, 'accept'>, now = new Date(),
): Promise<Booking> {
  const { booking, by } = await bookingOfParty(user, bookingId);
  const rule = (lesson: StoredBooking) => answerRefusal(lesson, by, answer, now);
  const refused = rule(booking);
  if (refused) throw refused;
  const proposal = booking.rescheduleProposal!;
  const cleared = await clearRescheduleProposal(booking.id, proposal);
  if (!cleared) throw await refusalNow(booking.id, rule);
  await announce(cleared, answer === 'decline' ? 'declined' : 'withdrawn', proposal, cleared.scheduledAt, by, now);
  return view(cleared, now);
}

/** What moving a plan lesson did: moved now, already at its new time, no longer movable (cancelled, expired, gone), or its new hour is someone else's. */
export type PlanLessonMove = 'moved' | 'already' | 'gone' | 'taken';

/**
 * A weekly plan's slot change moves one of its lessons from `from` to `to` (the plan checked the
 * new time against the tutor's calendar first, as it checks a new plan): the booking and its hours
 * in one transaction, holding the hours a plan lesson holds (every hour it overlaps). A paid lesson
 * keeps its payment and an unpaid hold its hold. Safe to repeat: a lesson already at `to` is left
 * alone. No LessonReschedule: the plan's one PlanSlotChanged tells both parties.
 */
export async function movePlanLesson(payerId: string, bookingId: string, from: string, to: string, now = new Date()): Promise<PlanLessonMove> {
  // Twice at most: a second pass decides on what changed under the first (e.g. it was just paid).
  for (let pass = 0; pass < 2; pass++) {
    const read = await getVersionedBooking(bookingId);
    if (!read || read.booking.studentId !== payerId) return 'gone';
    const { booking, version } = read;
    if (booking.scheduledAt === to) return 'already';
    const { lockedHours: _hours, ...stored } = booking;
    const seen = effectiveBooking(stored, now);
    const movable = (seen.status === 'confirmed' && seen.paymentStatus === 'paid') || (seen.status === 'pending' && seen.paymentStatus !== 'paid');
    if (booking.scheduledAt !== from || !movable) return 'gone';
    const all = overlappedHours(to, booking.durationMinutes);
    try {
      await movePlanLessonWithLocks({ ...booking, version }, to, { all, ...hourChanges(booking.lockedHours, all) }, now, windowOpensAt(to));
      return 'moved';
    } catch (error) {
      if (error instanceof HourTaken) return 'taken';
      if (!(error instanceof BookingChanged)) throw error;
    }
  }
  throw changedMeanwhile();
}
