/** The ledger as CSV (RFC 4180): one row per posting, amounts in KES with two decimals. */
import type { LedgerEntry } from './keys.js';

export const LEDGER_CSV_HEADER = ['at', 'entry', 'kind', 'reference', 'booking', 'course', 'tutor', 'account', 'amount_kes'] as const;

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/** 150050 → "1500.50", −5 → "-0.05": exact, from the integer. */
export const minorToKes = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

export function ledgerCsv(entries: readonly LedgerEntry[]): { csv: string; rows: number } {
  const lines = [LEDGER_CSV_HEADER.join(',')];
  for (const e of entries) {
    for (const p of e.postings) {
      lines.push([e.at, e.entryId, e.kind, e.reference, e.bookingId ?? '', e.courseId ?? '', e.tutorId, p.account].map(cell).concat(minorToKes(p.amountMinor)).join(','));
    }
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: lines.length - 1 };
}
