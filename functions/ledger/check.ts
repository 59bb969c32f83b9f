/**
 * The ledger check, pure: given every entry and the maintained balances, it
 * proves each entry balances, each maintained balance equals the sum of its postings (the
 * platform's and each tutor's), the platform's tutor totals equal the sum over tutors, no
 * tutor's pending or the lessons held is negative, and total payments = lessons held + tutor
 * earnings + platform revenue + refunds.
 */
import { ACCOUNTS, isTutorAccount, TUTOR_ACCOUNTS, type Account, type LedgerEntry, type PlatformBalances, type TutorBalances } from './keys.js';

export interface LedgerFigures { entries: readonly LedgerEntry[]; platform: PlatformBalances; tutors: ReadonlyMap<string, TutorBalances> }

export interface LedgerCheck {
  ok: boolean;
  problems: string[];
  entries: number;
  /** All amounts in minor units. */
  paymentsMinor: number;
  lessonsHeldMinor: number;
  tutorEarningsMinor: number;
  platformRevenueMinor: number;
  refundsMinor: number;
}

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export function checkLedger({ entries, platform, tutors }: LedgerFigures): LedgerCheck {
  const problems: string[] = [];
  const summed = zeroes(ACCOUNTS);
  const perTutor = new Map<string, Record<string, number>>();
  for (const entry of entries) {
    const total = entry.postings.reduce((sum, p) => sum + p.amountMinor, 0);
    if (total !== 0) problems.push(`entry ${entry.entryId} does not balance (off by ${total})`);
    for (const p of entry.postings) {
      summed[p.account] += p.amountMinor;
      if (!isTutorAccount(p.account)) continue;
      const own = perTutor.get(entry.tutorId) ?? zeroes(TUTOR_ACCOUNTS);
      own[p.account] = (own[p.account] ?? 0) + p.amountMinor;
      perTutor.set(entry.tutorId, own);
    }
  }
  for (const account of ACCOUNTS) {
    if (summed[account] !== platform[account]) problems.push(`account ${account}: balance ${platform[account]} but its entries sum to ${summed[account]}`);
  }
  const overTutors = zeroes(TUTOR_ACCOUNTS);
  for (const tutorId of new Set([...perTutor.keys(), ...tutors.keys()])) {
    const stored = tutors.get(tutorId);
    const fromEntries = perTutor.get(tutorId) ?? zeroes(TUTOR_ACCOUNTS);
    for (const account of TUTOR_ACCOUNTS) {
      const balance = stored?.[account] ?? 0;
      overTutors[account] += balance;
      if (balance !== (fromEntries[account] ?? 0)) problems.push(`tutor ${tutorId} ${account}: balance ${balance} but entries sum to ${fromEntries[account] ?? 0}`);
    }
    if ((stored?.tutor_pending ?? 0) < 0) problems.push(`tutor ${tutorId} has negative pending earnings`);
  }
  for (const account of TUTOR_ACCOUNTS) {
    if (overTutors[account] !== platform[account]) problems.push(`platform ${account} ${platform[account]} differs from the sum over tutors ${overTutors[account]}`);
  }
  if (platform.lessons_held < 0) problems.push(`lessons held is negative (${platform.lessons_held})`);
  const tutorEarningsMinor = TUTOR_ACCOUNTS.reduce((sum, a: Account) => sum + platform[a], 0);
  const paymentsMinor = -platform.student_payments;
  const accounted = platform.lessons_held + tutorEarningsMinor + platform.platform_revenue + platform.refunds;
  if (paymentsMinor !== accounted) {
    problems.push(`payments ${paymentsMinor} ≠ lessons held + tutor earnings + platform revenue + refunds (${accounted})`);
  }
  return {
    ok: problems.length === 0, problems, entries: entries.length, paymentsMinor, lessonsHeldMinor: platform.lessons_held,
    tutorEarningsMinor, platformRevenueMinor: platform.platform_revenue, refundsMinor: platform.refunds,
  };
}

/** How many times a check that found problems is read again before they are reported, and how long apart. */
export const CHECK_READS = 3;
export const CHECK_REREAD_MS = 1_000;

/**
 * Reads the check until it balances, at most `reads` times: a write landing between the reads of
 * entries and balances clears on the next read, a real imbalance does not. The last read is the answer.
 */
export async function settledCheck(
  read: () => Promise<LedgerCheck>, reads = CHECK_READS, pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): Promise<LedgerCheck> {
  let check = await read();
  for (let n = 1; n < reads && !check.ok; n += 1) {
    await pause(CHECK_REREAD_MS);
    check = await read();
  }
  return check;
}
