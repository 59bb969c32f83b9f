/**
 * Lesson packs: a tutor offers packs (2–20 lessons of one duration at a discount); a family buys
 * one for a learner and books its lessons one by one from the tutor's free hours. The server
 * prices everything from the tutor's current rate; paying goes through functions/payments (card
 * page or M-Pesa prompt, reference PACK-{packId}-{attempt}) and the pack's credits become usable
 * only when the provider's confirmation is applied, once. Credits never expire.
 */
import { randomUUID } from 'node:crypto';
import type { InitializePaymentResponse } from '../bookings/contract.js';
import { bookableSubjects, tutorRate } from '../bookings/rules.js';
import { packBookingDraft, packHourTaken } from '../bookings/service.js';
import type { Booking } from '../bookings/contract.js';
import { learnerOfCaller } from '../households/acting-learner.js';
import type { MpesaPayment, MpesaPromptResponse } from '../payments/contract.js';
import { sendPackMpesaPrompt } from '../payments/mpesa-prompt.js';
import { initializePackPayment } from '../payments/service.js';
import { getProfile } from '../profiles/service.js';
import { BusinessRuleViolated, Conflict, Forbidden, NotFound, ValidationFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { requireTutor } from '../tutors/service.js';
import { bookingMessages } from '../bookings/messages.js';
import type { BookFromPackRequest, BuyPackRequest, Pack, PackOffer, PackTermsInput } from './contract.js';
import { packMessages } from './messages.js';
import {
  bookWithCredit, CreditGone, deleteOffer, getOffer, getPack, nextPackAttempt, PackHourTaken, payerPacks, putOffer, putPack, returnCredit, tutorOffers,
  type StoredOffer,
} from './repository.js';
import { bookFromPackProblem, creditReturns, MAX_OFFERS, nextShareMinor, packPrice, packReference, packTermsProblem } from './rules.js';

export { getPack } from './repository.js';


const priced = (offer: StoredOffer, hourlyRate: number): PackOffer => {
  const { fullMinor, priceMinor } = packPrice(hourlyRate, offer);
  return { ...offer, fullPrice: fullMinor / 100, price: priceMinor / 100 };
};

function checkTerms(terms: PackTermsInput): void {
  const problem = packTermsProblem(terms);
  if (problem) throw new ValidationFailed(problem === 'lesson_count' ? packMessages.lessons : problem === 'discount' ? packMessages.discount : packMessages.duration);
}

export async function offerPack(tutor: AuthUser, terms: PackTermsInput, now = new Date()): Promise<PackOffer> {
  checkTerms(terms);
  const profile = await requireTutor(tutor.id);
  if ((await tutorOffers(tutor.id)).length >= MAX_OFFERS) throw new BusinessRuleViolated('too_many_offers', packMessages.tooManyOffers);
  const offer: StoredOffer = { id: randomUUID(), tutorId: tutor.id, createdAt: now.toISOString(), ...terms };
  await putOffer(offer);
  return priced(offer, tutorRate(profile));
}

/** New terms apply to packs bought from now on; packs already bought keep theirs. */
export async function editPack(tutor: AuthUser, offerId: string, terms: PackTermsInput): Promise<PackOffer> {
  checkTerms(terms);
  const offer = await getOffer(tutor.id, offerId);
  if (!offer) throw new NotFound(packMessages.offerNotFound);
  const changed = { ...offer, ...terms };
  await putOffer(changed);
  return priced(changed, tutorRate(await requireTutor(tutor.id)));
}

/** Withdrawn offers are no longer sold; packs already bought keep their credits. */
export async function withdrawPack(tutor: AuthUser, offerId: string): Promise<void> {
  if (!(await deleteOffer(tutor.id, offerId))) throw new NotFound(packMessages.offerNotFound);
}

export async function packOffersOf(tutorId: string): Promise<PackOffer[]> {
  const tutor = await requireTutor(tutorId);
  return (await tutorOffers(tutorId)).map((offer) => priced(offer, tutorRate(tutor))).sort((a, b) => a.lessons - b.lessons);
}

/** The pack, unpaid, for the caller or a learner of their household, priced by the server now. */
export async function buyPack(user: AuthUser, input: BuyPackRequest, now = new Date()): Promise<Pack> {
  const [learner, payer] = await Promise.all([learnerOfCaller(user, input.learnerId), getProfile(user.id)]);
  if (!payer) throw new NotFound('Profile not found');
  const offers = await getOffer(input.tutorId, input.offerId);
  if (!offers) throw new NotFound(packMessages.offerNotFound);
  const tutor = await requireTutor(offers.tutorId);
  if (tutor.kycStatus !== 'approved') throw new BusinessRuleViolated('tutor_not_verified', bookingMessages.tutorNotVerified);
  if (!bookableSubjects(tutor).includes(input.subject)) throw new ValidationFailed(bookingMessages.subjectNotOffered);
  const { priceMinor } = packPrice(tutorRate(tutor), offers);
  const pack: Pack = {
    id: randomUUID(), offerId: offers.id, tutorId: tutor.id, tutorName: `${tutor.firstName} ${tutor.lastName}`.trim(), subject: input.subject,
    payerId: user.id, ...(learner ? { learnerId: learner.learnerId, learnerName: learner.firstName } : {}),
    lessons: offers.lessons, durationMinutes: offers.durationMinutes, discountPercent: offers.discountPercent,
    priceMinor, status: 'awaiting_payment', creditsLeft: offers.lessons, unassignedMinor: priceMinor, createdAt: now.toISOString(),
  };
  await putPack(pack);
  return pack;
}

async function payablePack(user: AuthUser, packId: string) {
  const pack = await getPack(packId);
  if (!pack) throw new NotFound(packMessages.notFound);
  if (pack.payerId !== user.id) throw new Forbidden(packMessages.notYours);
  if (pack.status !== 'awaiting_payment') throw new Conflict('already_paid', packMessages.alreadyPaid);
  return { packId: pack.id, tutorId: pack.tutorId, lessons: pack.lessons, amountMinor: pack.priceMinor, reference: packReference(pack.id, await nextPackAttempt(pack.id)) };
}

export async function payPackByCard(user: AuthUser, packId: string, now = new Date()): Promise<InitializePaymentResponse> {
  return initializePackPayment(user, await payablePack(user, packId), now);
}

export async function payPackByMpesa(user: AuthUser, packId: string, payment: MpesaPayment, now = new Date()): Promise<MpesaPromptResponse> {
  return sendPackMpesaPrompt(user, await payablePack(user, packId), payment, now);
}

export const myPacks = (user: AuthUser) => payerPacks(user.id);

export async function packForPayer(user: AuthUser, packId: string): Promise<Pack> {
  const pack = await getPack(packId);
  if (!pack) throw new NotFound(packMessages.notFound);
  if (pack.payerId !== user.id) throw new Forbidden(packMessages.notYours);
  return pack;
}

/**
 * One lesson from the pack at a free hour of the tutor's: a normal paid booking, written in the
 * same transaction as the credit it uses. Two bookings racing for the last credit: one wins, the
 * other is told the pack is used up. Only the household that bought the pack may use it.
 */
export async function bookFromPack(user: AuthUser, packId: string, input: BookFromPackRequest, now = new Date()): Promise<Booking> {
  for (let pass = 0; pass < 3; pass++) {
    const pack = await getPack(packId);
    if (!pack) throw new NotFound(packMessages.notFound);
    const problem = bookFromPackProblem(pack, user.id, pack.learnerId);
    if (problem === 'not_yours') throw new Forbidden(packMessages.notYours);
    if (problem === 'unpaid') throw new Conflict('pack_unpaid', packMessages.unpaid);
    if (problem === 'no_credits') throw new Conflict('no_credits', packMessages.noCredits);
    const { booking, hours, item } = await packBookingDraft(user, {
      tutorId: pack.tutorId, subject: pack.subject, start: input.start, durationMinutes: pack.durationMinutes,
      ...(pack.learnerId ? { learnerId: pack.learnerId } : {}), ...(input.notes ? { notes: input.notes } : {}),
    }, pack, now);
    const share = nextShareMinor(pack.unassignedMinor, pack.creditsLeft);
    // The booking shows what its credit is worth (what a refund of it would be).
    const shown: Booking = { ...booking, amountMinor: share, totalAmount: share / 100 };
    try {
      await bookWithCredit(pack, share, shown, hours, { ...item, amountMinor: share, totalAmount: share / 100 }, now);
    } catch (error) {
      if (error instanceof CreditGone) continue;
      if (error instanceof PackHourTaken) throw await packHourTaken(user.id, pack.tutorId, hours, now);
      throw error;
    }
    await publishEvent('BookingCreated', {
      bookingId: shown.id, studentId: shown.studentId, tutorId: shown.tutorId, subject: shown.subject,
      scheduledAt: shown.scheduledAt, durationMinutes: shown.durationMinutes, occurredAt: shown.createdAt,
    }).catch((error: Error) => logger.error('BookingCreated not published', { error, bookingId: shown.id }));
    return shown;
  }
  throw new Conflict('no_credits', packMessages.noCredits);
}

/** A pack lesson cancelled with a refund due gives its credit back instead of money (safe to repeat). */
export async function afterPackLessonCancelled(booking: Pick<Booking, 'id' | 'packId'>, cancellation: { refundDue: boolean; at: string }): Promise<boolean> {
  if (!booking.packId || !creditReturns(cancellation)) return false;
  const pack = await getPack(booking.packId);
  if (!pack?.paymentReference) return false;
  return returnCredit(pack, booking.id, cancellation.at);
}
