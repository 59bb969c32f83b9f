/**
 * A student who signs up alone under 18 (pure, no Node modules: the SPA's sign-up form runs it
 * too): how their age is read from a birth year, and the texts of the limited account and the
 * parent's approval. docs/decisions/2026-11-28-parent-approval-link.md.
 */

/** Kenya's age of majority (Data Protection Act 2019 s.2: a child is under 18). */
export const ADULT_AGE = 18;
/** Nobody signs up alone younger than this, and no birth year further back than MAX_AGE. */
export const MIN_SOLO_AGE = 5;
export const MAX_AGE = 100;

/** The calendar year it is in Kenya (a sign-up at 01:00 on 1 January in Nairobi is in the new year). */
export function nairobiYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-KE', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format(now));
}

/** The birth years sign-up takes now: MIN_SOLO_AGE to MAX_AGE years back from this Nairobi year. */
export function birthYearRange(now: Date): { min: number; max: number } {
  const year = nairobiYear(now);
  return { min: year - MAX_AGE, max: year - MIN_SOLO_AGE };
}

/**
 * With only a birth year the birthday is unknown, so the rule errs towards the child: whoever
 * turns 18 this year (in Nairobi) or later counts as under 18 until 1 January of the next year.
 */
export function isUnder18(birthYear: number, now: Date): boolean {
  return nairobiYear(now) - birthYear <= ADULT_AGE;
}

export const approvalMessages = {
  waiting: "Waiting for your parent's approval. Until then you can browse tutors and courses, but not book, pay or chat with tutors.",
  birthYearRequired: 'Please enter your year of birth',
  birthYearRange: 'Please enter a real year of birth',
  parentEmailRequired: "Under 18, please enter your parent's e-mail address",
  parentEmailSame: "Your parent's e-mail address must be different from yours",
  parentPhoneInvalid: 'Please enter a Kenyan mobile number (07XX XXX XXX)',
  linkInvalid: 'This approval link is not valid. Ask your child to send a new one.',
  linkUsed: 'This approval link has already been used.',
  linkExpired: 'This approval link has expired. Ask your child to send a new one.',
  alreadyLinked: 'This student already belongs to a family.',
  notWaiting: 'Your account is not waiting for a parent\'s approval.',
  resent: "We have sent your parent a new approval link.",
  approved: 'Approved: your child can now book and pay through you.',
  declined: 'You declined. The account stays limited.',
} as const;
