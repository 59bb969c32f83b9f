/**
 * A tutor's trial lesson offer (the Profile tab's "Trial lesson"): off until the tutor turns it on,
 * then either free (chosen as such) or paid at a price the tutor sets. The booking reads the price
 * from here at booking time; the client never sends one.
 */
import * as z from 'zod';
import { MAX_HOURLY_RATE, MIN_TRIAL_PRICE, trialPriceMessage } from './catalog.js';

export const TrialOffer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('free') }),
  z.object({
    kind: z.literal('paid'),
    /** Whole KSh for the 30 minutes, 100–50,000. */
    price: z.number({ error: trialPriceMessage }).int('Whole shillings only').min(MIN_TRIAL_PRICE, trialPriceMessage).max(MAX_HOURLY_RATE, trialPriceMessage),
  }),
], { error: 'Choose a free trial or a price' });
export type TrialOffer = z.infer<typeof TrialOffer>;

/** What a trial costs, in minor units (cents): 0 for a free trial. */
export const trialAmountMinor = (offer: TrialOffer): number => (offer.kind === 'free' ? 0 : offer.price * 100);
