/**
 * Kenya's basic-education school calendar: three terms a year, each with an optional half-term
 * break; the weeks between terms are holidays. Weekly lesson plans run "to the end of the term"
 * and skip the breaks, so these dates decide what a family is charged for.
 *
 * The Ministry of Education publishes each year's dates in a circular (usually in October for the
 * next year). An entry marked provisional follows the usual pattern until that circular is out;
 * the SPA says so beside any plan that reaches into it, and an operator replaces it here.
 */

/** yyyy-mm-dd, a calendar date in Kenya (Africa/Nairobi). */
export type SchoolDate = string;

export interface SchoolTerm {
  /** "2026-1": year and term number. */
  id: string;
  year: number;
  term: 1 | 2 | 3;
  /** First and last day of learning, inclusive. */
  opens: SchoolDate;
  closes: SchoolDate;
  /** Half-term break, inclusive; lessons in it are skipped like holidays. */
  halfTerm?: { from: SchoolDate; to: SchoolDate };
  /** Dates not yet confirmed by the Ministry's circular. */
  provisional?: boolean;
}

/**
 * 2026: the Ministry of Education's circular of 9 October 2025 (Basic Education PS Julius
 * Bitok). 2027: provisional, the same pattern one year on, until its circular is published.
 */
export const KENYA_SCHOOL_TERMS: readonly SchoolTerm[] = [
  { id: '2026-1', year: 2026, term: 1, opens: '2026-01-05', closes: '2026-04-02', halfTerm: { from: '2026-02-25', to: '2026-03-01' } },
  { id: '2026-2', year: 2026, term: 2, opens: '2026-04-27', closes: '2026-07-31', halfTerm: { from: '2026-06-24', to: '2026-06-28' } },
  { id: '2026-3', year: 2026, term: 3, opens: '2026-08-24', closes: '2026-10-23' },
  { id: '2027-1', year: 2027, term: 1, opens: '2027-01-04', closes: '2027-04-01', halfTerm: { from: '2027-02-24', to: '2027-02-28' }, provisional: true },
  { id: '2027-2', year: 2027, term: 2, opens: '2027-04-26', closes: '2027-07-30', halfTerm: { from: '2027-06-23', to: '2027-06-27' }, provisional: true },
  { id: '2027-3', year: 2027, term: 3, opens: '2027-08-23', closes: '2027-10-22', provisional: true },
];

/** The term a date falls in (break days included), or undefined in the holidays between terms. */
export function termOn(date: SchoolDate, terms: readonly SchoolTerm[] = KENYA_SCHOOL_TERMS): SchoolTerm | undefined {
  return terms.find((t) => t.opens <= date && date <= t.closes);
}

/**
 * The term a plan set up on `date` runs to the end of: the current one, or in the holidays the
 * next one to open; undefined when the calendar has no such term yet.
 */
export function planTerm(date: SchoolDate, terms: readonly SchoolTerm[] = KENYA_SCHOOL_TERMS): SchoolTerm | undefined {
  return termOn(date, terms) ?? [...terms].sort((a, b) => a.opens.localeCompare(b.opens)).find((t) => t.opens > date);
}

/** True on a school day or weekend inside a term and outside its half-term break. */
export function isInTermTime(date: SchoolDate, terms: readonly SchoolTerm[] = KENYA_SCHOOL_TERMS): boolean {
  const term = termOn(date, terms);
  if (!term) return false;
  return !(term.halfTerm && term.halfTerm.from <= date && date <= term.halfTerm.to);
}
