/**
 * Amounts on the booking screens. The server computes and charges the real amount; the form
 * previews it with the very same function (spec §5: duration_minutes / 60 × hourly_rate).
 */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { bookingAmount } from '../../../../functions/bookings/catalog';

/** KES, rounded to the cent exactly as the API rounds amountMinor. */
export const previewAmount = (durationMinutes: number, hourlyRate: number): number =>
  bookingAmount(durationMinutes, hourlyRate).totalAmount;

const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "2,250", or "2,332.50" when there are cents. */
export const formatMoney = (value: number): string =>
  Number.isInteger(value) ? whole.format(value) : cents.format(value);

/** Booking form and dashboards (spec §9: KSh): "KSh 2,250". */
export const kshAmount = (value: number): string => `KSh ${formatMoney(value)}`;

/** My bookings (spec §9: KES there): "KES 1,500". */
export const kesAmount = (value: number): string => `KES ${formatMoney(value)}`;

/** "1.5K", "12K", "850": short enough to sit above a chart bar on a phone. */
export function compactAmount(amount: number): string {
  const short = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1).replace(/\.0$/, ''));
  if (amount >= 1_000_000) return `${short(amount / 1_000_000)}M`;
  if (amount >= 1_000) return `${short(amount / 1_000)}K`;
  return formatMoney(Math.round(amount));
}
