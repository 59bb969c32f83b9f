/** Lesson packs: a tutor's offers and a family's packs with their credits. Shared by the API and the SPA. */
import * as z from 'zod';
import { IdText, RecordId } from '../shared/contract.js';
import { LearnerChoice } from '../households/learner-choice.js';
import { bookingMessages } from '../bookings/messages.js';
import { PACK_DISCOUNT, PACK_SIZES } from './catalog.js';
import { packMessages } from './messages.js';

export { packMessages } from './messages.js';

export const PackTermsInput = z.object({
  lessons: z.number({ error: packMessages.lessons }).int(packMessages.lessons).min(PACK_SIZES.min, packMessages.lessons).max(PACK_SIZES.max, packMessages.lessons),
  durationMinutes: z.union([z.literal(60), z.literal(90), z.literal(120)], { error: packMessages.duration }),
  discountPercent: z.number({ error: packMessages.discount }).int(packMessages.discount).min(PACK_DISCOUNT.min, packMessages.discount).max(PACK_DISCOUNT.max, packMessages.discount),
});
export type PackTermsInput = z.infer<typeof PackTermsInput>;

/** A tutor's offer, priced now from their current hourly rate (KES, whole shillings). */
export const PackOffer = PackTermsInput.extend({
  id: z.string(), tutorId: z.string(), createdAt: z.string(),
  /** Without the discount, and what the family pays (KES). */
  fullPrice: z.number(), price: z.number(),
});
export type PackOffer = z.infer<typeof PackOffer>;
export const PackOfferList = z.object({ offers: z.array(PackOffer) });

export const OfferParams = z.object({ offerId: RecordId('pack offer id') });
export const TutorParams = z.object({ tutorId: IdText('tutor id') });
export const PackParams = z.object({ packId: RecordId('pack id') });

export const BuyPackRequest = LearnerChoice.extend({
  tutorId: IdText('tutor id', bookingMessages.missingInformation),
  offerId: RecordId('pack offer id'),
  subject: z.string({ error: bookingMessages.missingInformation }).trim().min(1, bookingMessages.missingInformation).max(100),
});
export type BuyPackRequest = z.input<typeof BuyPackRequest>;

/** A family's pack: bought for one learner (or the adult student), paid once, booked from credit by credit. */
export const Pack = z.object({
  id: z.string(), offerId: z.string(), tutorId: z.string(), tutorName: z.string(), subject: z.string(),
  payerId: z.string(), learnerId: z.string().optional(), learnerName: z.string().optional(),
  lessons: z.number().int(), durationMinutes: z.union([z.literal(60), z.literal(90), z.literal(120)]), discountPercent: z.number().int(),
  /** What was (or is to be) paid, in cents. */
  priceMinor: z.number().int(),
  status: z.enum(['awaiting_payment', 'active']),
  creditsLeft: z.number().int().nonnegative(),
  /** Of the price, the cents not yet given to a booked lesson (the last credit takes exactly what is left). */
  unassignedMinor: z.number().int().nonnegative(),
  paymentReference: z.string().optional(),
  createdAt: z.string(), paidAt: z.string().optional(),
});
export type Pack = z.infer<typeof Pack>;
export const PackList = z.object({ packs: z.array(Pack) });

export const BookFromPackRequest = z.object({
  start: z.iso.datetime({ error: bookingMessages.missingInformation }),
  notes: z.string().max(1000).optional(),
});
export type BookFromPackRequest = z.infer<typeof BookFromPackRequest>;
