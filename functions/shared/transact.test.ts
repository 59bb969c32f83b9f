import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('./aws/dynamo.js', () => ({ dynamo: () => ({ send }) }));
import { isOnlyConflict, transactWrite } from './transact.js';

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });

// A block body: a function returned from beforeEach would be run as its cleanup (the mock itself).
beforeEach(() => {
  send.mockReset();
});

describe('transactWrite', () => {
  it('tries a transaction cancelled only by conflicts with others again, until it goes through', async () => {
    send.mockRejectedValueOnce(cancelled('None', 'TransactionConflict')).mockRejectedValueOnce(cancelled('TransactionConflict')).mockResolvedValue({});
    await transactWrite({ TransactItems: [] });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up on conflicts after its tries once its patience is spent, not before', async () => {
    send.mockImplementation(async () => { throw cancelled('TransactionConflict'); });
    const fail = (attempts: number, patienceMs: number) => transactWrite({ TransactItems: [] }, attempts, patienceMs).then(() => 'written', (error: Error) => error.name);
    expect(await fail(3, 0)).toBe('TransactionCanceledException');
    expect(send).toHaveBeenCalledTimes(3);
    send.mockClear();
    const started = Date.now();
    expect(await fail(1, 400)).toBe('TransactionCanceledException');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(send.mock.calls.length).toBeGreaterThan(1);
  });

  it('retries only cancellations that are conflicts alone: a failed condition is the caller\'s answer', () => {
    expect(isOnlyConflict(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isOnlyConflict(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isOnlyConflict(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isOnlyConflict(cancelled())).toBe(false);
    expect(isOnlyConflict(new Error('network'))).toBe(false);
  });
});
