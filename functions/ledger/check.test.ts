import { describe, expect, it } from 'vitest';
import { checkLedger, settledCheck, type LedgerCheck } from './check.js';
import { PlatformBalances, TutorBalances, type LedgerEntry } from './keys.js';
import { ledgerCsv, minorToKes } from './csv.js';

const entries: LedgerEntry[] = [
  { entryId: 'payment#R1', kind: 'payment', at: '2026-11-01T10:00:00.000Z', reference: 'R1', tutorId: 't1', bookingId: 'b1', postings: [{ account: 'student_payments', amountMinor: -150_000 }, { account: 'lessons_held', amountMinor: 150_000 }] },
  { entryId: 'earned#R1', kind: 'earned', at: '2026-11-02T10:00:00.000Z', reference: 'R1', tutorId: 't1', bookingId: 'b1', feeBasisPoints: 1_500, postings: [{ account: 'lessons_held', amountMinor: -150_000 }, { account: 'tutor_pending', amountMinor: 127_500 }, { account: 'platform_revenue', amountMinor: 22_500 }] },
];
const platform = PlatformBalances.parse({ student_payments: -150_000, platform_revenue: 22_500, tutor_pending: 127_500 });
const tutors = new Map([['t1', TutorBalances.parse({ tutor_pending: 127_500 })]]);

describe('ledger check', () => {
  it('passes a balanced ledger and sums payments = held + tutors + revenue + refunds', () => {
    const check = checkLedger({ entries, platform, tutors });
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({ ok: true, paymentsMinor: 150_000, tutorEarningsMinor: 127_500, platformRevenueMinor: 22_500 });
  });

  it('finds an entry that does not balance, a drifted balance and a tutor out of step', () => {
    const bad = [...entries, { ...entries[0]!, entryId: 'payment#R2', postings: [{ account: 'student_payments' as const, amountMinor: -1 }, { account: 'lessons_held' as const, amountMinor: 2 }] }];
    const check = checkLedger({ entries: bad, platform: { ...platform, platform_revenue: 22_501 }, tutors: new Map([['t1', TutorBalances.parse({ tutor_pending: 1 })]]) });
    expect(check.ok).toBe(false);
    expect(check.problems.join('\n')).toMatch(/payment#R2 does not balance/);
    expect(check.problems.join('\n')).toMatch(/platform_revenue: balance 22501/);
    expect(check.problems.join('\n')).toMatch(/tutor t1 tutor_pending: balance 1/);
  });
});

describe('ledger CSV', () => {
  it('writes one row per posting with exact amounts', () => {
    const { csv, rows } = ledgerCsv(entries);
    expect(rows).toBe(5);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,entry,kind,reference,booking,course,tutor,account,amount_kes');
    expect(lines[1]).toBe('2026-11-01T10:00:00.000Z,payment#R1,payment,R1,b1,,t1,student_payments,-1500.00');
    expect(minorToKes(5)).toBe('0.05');
    expect(minorToKes(-127_550)).toBe('-1275.50');
  });
});

describe('settledCheck', () => {
  const result = (ok: boolean): LedgerCheck => ({
    ok, problems: ok ? [] : ['platform lessons_held is 100 but its postings sum to 0'], entries: 1,
    paymentsMinor: 0, lessonsHeldMinor: 0, tutorEarningsMinor: 0, platformRevenueMinor: 0, refundsMinor: 0,
  });
  const noWait = async () => {};

  it('reads again when a write landed between the reads, and answers with the read that balances', async () => {
    const reads = [result(false), result(true)];
    let calls = 0;
    const check = await settledCheck(async () => reads[calls++]!, 3, noWait);
    expect(check.ok).toBe(true);
    expect(calls).toBe(2);
  });

  it('reports an imbalance that every read shows, after the last read', async () => {
    let calls = 0;
    const check = await settledCheck(async () => { calls += 1; return result(false); }, 3, noWait);
    expect(check.ok).toBe(false);
    expect(check.problems).toHaveLength(1);
    expect(calls).toBe(3);
  });

  it('reads once when the ledger balances', async () => {
    let calls = 0;
    await settledCheck(async () => { calls += 1; return result(true); }, 3, noWait);
    expect(calls).toBe(1);
  });
});
