/**
 * Amounts on the booking screens. The server computes and charges the real amount; the form
 * previews it with the very same function (duration_minutes / 60 × hourly_rate).
 */
import { bookingAmount } from '@functions/bookings/catalog';

/** KES, rounded to the cent exactly as the API rounds amountMinor. */
export const previewAmount = (durationMinutes: number, hourlyRate: number): number =>
  bookingAmount(durationMinutes, hourlyRate).totalAmount;
