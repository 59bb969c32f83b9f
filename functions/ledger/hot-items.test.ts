/**
 * Every ledger entry adds to the platform's totals: they are split over shards, so entries written
 * at once rarely meet on one item; the totals read back are the sum of every shard.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('../shared/aws/dynamo.js', () => ({ dynamo: () => ({ send }) }));
vi.stubEnv('TABLE_NAME', 'alp-test');
import { BALANCE_SHARDS, type LedgerEntry } from './keys.js';
import { commitEntry, getPlatformBalances } from './repository.js';

const entry = (reference: string): LedgerEntry => ({
  entryId: `payment#${reference}`, kind: 'payment', at: '2026-11-27T08:00:00.000Z', reference, tutorId: 't-1', bookingId: 'b-1',
  postings: [{ account: 'student_payments', amountMinor: -150_000 }, { account: 'lessons_held', amountMinor: 150_000 }],
});

beforeEach(() => {
  send.mockReset();
});

describe('the platform\'s ledger totals', () => {
  it('are added to one of many shards, never to one item every entry writes', async () => {
    send.mockResolvedValue({});
    for (let i = 0; i < 40; i++) await commitEntry(entry(`ref-${i}`), []);
    const balanceKeys = send.mock.calls.map(([command]) => {
      const items = (command as { input: { TransactItems: Array<{ Update?: { Key: { pk: string } } }> } }).input.TransactItems;
      return items.flatMap((item) => (item.Update ? [item.Update.Key.pk] : []));
    }).flat();
    expect(balanceKeys).toHaveLength(40);
    expect(balanceKeys.every((pk) => /^LEDGER#BALANCES#\d+$/.test(pk))).toBe(true);
    expect(new Set(balanceKeys).size).toBeGreaterThan(1);
  });

  it('read back as the sum of the shards and of the item from before the split', async () => {
    send.mockResolvedValue({
      Responses: {
        'alp-test': [
          { pk: 'LEDGER', sk: 'BALANCES', student_payments: -100, lessons_held: 100 },
          { pk: 'LEDGER#BALANCES#3', sk: 'BALANCES', student_payments: -50, platform_revenue: 50 },
        ],
      },
    });
    const totals = await getPlatformBalances();
    expect(totals).toMatchObject({ student_payments: -150, lessons_held: 100, platform_revenue: 50, refunds: 0 });
    const keys = (send.mock.calls[0]![0] as { input: { RequestItems: Record<string, { Keys: unknown[] }> } }).input.RequestItems;
    expect(Object.values(keys)[0]!.Keys).toHaveLength(BALANCE_SHARDS + 1);
  });
});
