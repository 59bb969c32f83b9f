/**
 * The busy platform counters, added outside the user's transaction (admin/keys.ts), once per
 * occurrence: a sign-up (UserSignedUp), a booking (BookingCreated), a payment (PaymentConfirmed).
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { countPlatformStats } from '../stats-service.js';

export const handler = eventsConsumer({
  UserSignedUp: (detail) => countPlatformStats({ kind: 'sign-up', ...detail }),
  BookingCreated: (detail) => countPlatformStats({ kind: 'booking', ...detail }),
  PaymentConfirmed: (detail) => countPlatformStats({ kind: 'payment', ...detail }),
});
