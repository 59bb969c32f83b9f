/**
 * Weekly lesson plans. A quote lists every lesson a weekly slot gives until the end of the term
 * (or for N lessons), checks each against the tutor's weekly hours and existing bookings, and
 * prices what is free, by the month and for the whole term: what the family sees and corrects
 * before anything is held or charged.
 */
import { heldHours } from '../bookings/free-slots.js';
import { bookingAmount } from '../bookings/catalog.js';
import { bookingMessages } from '../bookings/messages.js';
import { tutorRate } from '../bookings/rules.js';
import { BusinessRuleViolated } from '../shared/errors.js';
import { listSlots, requireTutor, tutorSchedule } from '../tutors/service.js';
import { monthlyInstalments } from './billing.js';
import type { PlanQuote, QuotePlanRequest } from './contract.js';
import { planMessages } from './messages.js';
import { planClashes, planDates } from './occurrences.js';
import type { z } from 'zod';
import type { PlanLength } from './contract.js';

/** What other domains read of plans (payments confirms an instalment): they call these, never the repository. */
export { getPlan } from './repository.js';

type QuoteInput = Omit<QuotePlanRequest, 'length'> & { length: z.output<typeof PlanLength> };

export async function quotePlan(input: QuoteInput, now = new Date()): Promise<PlanQuote> {
  const tutor = await requireTutor(input.tutorId);
  if (tutor.kycStatus !== 'approved') throw new BusinessRuleViolated('tutor_not_verified', bookingMessages.tutorNotVerified);
  const pattern = { dayOfWeek: input.dayOfWeek, startTime: input.startTime, durationMinutes: input.durationMinutes, timeZone: tutor.timeZone };
  const dates = planDates(pattern, input.length, now);
  if (input.length.kind === 'term' && !dates.term) throw new BusinessRuleViolated('no_term_dates', planMessages.noTerm);
  const { occurrences } = dates;
  const last = occurrences.at(-1);
  const [slots, taken] = await Promise.all([
    listSlots(tutor.id),
    last ? heldHours(tutor.id, now, new Date(last.end), now) : Promise.resolve(new Set<string>()),
  ]);
  const clashes = new Map(planClashes(occurrences, slots, tutor.timeZone, taken, now, tutorSchedule(tutor, slots).minNoticeHours).map((c) => [c.occurrence.start, c.reason]));
  const lessons = occurrences.map((o) => ({ ...o, status: clashes.get(o.start) ?? ('free' as const) }));
  const free = occurrences.filter((o) => !clashes.has(o.start));
  const pricePerLesson = bookingAmount(input.durationMinutes, tutorRate(tutor)).totalAmount;
  return {
    tutorId: tutor.id,
    timeZone: tutor.timeZone,
    pricePerLesson,
    lessons,
    skipped: dates.skipped,
    ...(dates.term ? { term: dates.term } : {}),
    payMonthly: monthlyInstalments(free, pricePerLesson, now).map((i) => ({ number: i.number, chargeAt: i.chargeAt, lessonCount: i.lessons.length, amount: i.amount })),
    payTerm: { lessonCount: free.length, amount: pricePerLesson * free.length },
  };
}
