/**
 * How money and time zones read everywhere (SPA screens and e-mails): one currency label (KSh)
 * and the zone's short name ("EAT"), never the raw IANA id. zod-free and pure, so light pages
 * import it and it is unit-tested.
 */

const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "2,250", or "2,332.50" when there are cents. */
export const formatMoney = (value: number): string =>
  Number.isInteger(value) ? whole.format(value) : cents.format(value);

/** The one way an amount in KES is shown: "KSh 2,250". */
export const ksh = (value: number): string => `KSh ${formatMoney(value)}`;

/** Minor units (as stored) in: "KSh 1,500", "KSh 1,500.50"; another currency by its code: "USD 15.50". */
export const kshMinor = (amountMinor: number, currency = 'KES'): string =>
  currency === 'KES' ? ksh(amountMinor / 100) : `${currency} ${formatMoney(amountMinor / 100)}`;

/** "KSh 1,900/hr" */
export const kshPerHour = (rate: number): string => `${ksh(rate)}/hr`;

/** "1.5K", "12K", "850": short enough to sit above a chart bar on a phone. */
export function compactAmount(amount: number): string {
  const short = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1).replace(/\.0$/, ''));
  if (amount >= 1_000_000) return `${short(amount / 1_000_000)}M`;
  if (amount >= 1_000) return `${short(amount / 1_000)}K`;
  return formatMoney(Math.round(amount));
}

/**
 * A zone as people read it: Intl's short name in Kenyan English ("EAT", "WAT", "GMT",
 * "GMT+5:30"), at `at` so summer time shows right. An id the browser doesn't know stays as is.
 */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-KE', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** A lesson's start as people read it, in their zone: "Monday, 23 November 2026 at 09:00 (EAT)". */
export function lessonTimeIn(iso: string, timeZone: string): string {
  const at = new Date(iso);
  let text: string;
  try {
    text = new Intl.DateTimeFormat('en-KE', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(at);
  } catch {
    // A zone this runtime doesn't know: UTC, said so, rather than no answer.
    return lessonTimeIn(iso, 'UTC');
  }
  return `${text} (${zoneName(timeZone, at)})`;
}
