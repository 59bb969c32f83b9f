/**
 * What each occurrence adds to the platform counters (admin/keys.ts). Added from the events, once
 * per occurrence (the user, the booking, the payment reference), so a redelivered or republished
 * event never counts twice.
 */
import type { BookingCreated, PaymentConfirmed, UserSignedUp } from '../../events/index.js';
import { roleCounter } from './keys.js';
import { countOnce } from './repository.js';

export type CountedOccurrence =
  | ({ kind: 'sign-up' } & UserSignedUp)
  | ({ kind: 'booking' } & BookingCreated)
  | ({ kind: 'payment' } & PaymentConfirmed);

export async function countPlatformStats(occurrence: CountedOccurrence): Promise<void> {
  const at = new Date(occurrence.occurredAt);
  switch (occurrence.kind) {
    case 'sign-up':
      await countOnce('sign-up', occurrence.userId, at, { platform: { users: 1, [roleCounter[occurrence.role]]: 1 }, weekly: { signUps: 1 } });
      return;
    case 'booking':
      await countOnce('booking', occurrence.bookingId, at, { weekly: { bookings: 1 } });
      return;
    case 'payment':
      await countOnce('payment', occurrence.reference, at, {
        platform: { revenueMinor: occurrence.amountMinor, ...(occurrence.purpose === 'lesson' ? { paidBookings: 1 } : occurrence.purpose === 'plan' ? { paidBookings: occurrence.bookingIds.length } : {}) },
        weekly: { revenueMinor: occurrence.amountMinor },
      });
  }
}
