/** Display helpers shared by the tutor screens. Pure, so they are unit-tested. */
import { ksh } from '../../shared/format';

const number = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** Counts: "2,500" (amounts go through shared/format's ksh). */
export const formatAmount = (value: number): string => number.format(value);

/** Dashboard: the rate, or the default with a note when the tutor has set none. */
export function dashboardRate(rate: number | undefined, fallback: number): string {
  return rate === undefined || rate === null ? `${ksh(fallback)} (default)` : ksh(rate);
}

/** Up to two initials: "Otieno Odhiambo" → "OO". */
export function initials(firstName: string | undefined, lastName?: string | undefined): string {
  const parts = [firstName, lastName]
    .flatMap((part) => (part ?? '').trim().split(/\s+/))
    .filter(Boolean);
  const letters = parts.length > 2 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => (part ?? '').charAt(0)).join('').toUpperCase();
}

export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();

/** Spec §9: the first 3 subjects on a card, then "+N more". */
export function subjectsPreview(subjects: readonly string[], shown = 3): { visible: string[]; more: string | null } {
  const visible = subjects.slice(0, shown);
  const rest = subjects.length - visible.length;
  return { visible, more: rest > 0 ? `+${rest} more` : null };
}

/** "HH:MM:SS" or "HH:MM" → "HH:MM" (spec §3: times are displayed with seconds cut off). */
export const hhmm = (time: string): string => time.slice(0, 5);

/** "July 2025" for "member since". */
export function monthYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(date);
}

/** "1 hour", "6 hours". */
export const hours = (n: number): string => `${formatAmount(n)} ${n === 1 ? 'hour' : 'hours'}`;
