import { describe, expect, it } from 'vitest';
import { mayCheckPrompt, offersPaybill, promptFailure, promptTimedOut } from './mpesa-rules.js';

describe('a failed prompt', () => {
  it.each([
    ['Request cancelled by user.', 'cancelled'], ['1032: Request cancelled by user', 'cancelled'],
    ['DS timeout user cannot be reached', 'unreachable'], ['[STK_CB - ]DS timeout user cannot be reached', 'unreachable'],
    ['The balance is insufficient for the transaction.', 'insufficient_funds'],
    ['Declined', 'declined'], [undefined, 'declined'],
  ] as const)('%j is %s', (gateway, failure) => {
    expect(promptFailure(gateway)).toBe(failure);
  });
});

describe('waiting for a prompt', () => {
  const at = new Date('2026-11-28T10:00:00Z');
  it('asks the provider at most every 10 s', () => {
    expect(mayCheckPrompt(undefined, at)).toBe(true);
    expect(mayCheckPrompt('2026-11-28T09:59:51Z', at)).toBe(false);
    expect(mayCheckPrompt('2026-11-28T09:59:50Z', at)).toBe(true);
  });

  it('gives up on an unanswered prompt after 2 minutes', () => {
    expect(promptTimedOut('2026-11-28T09:58:01Z', at)).toBe(false);
    expect(promptTimedOut('2026-11-28T09:58:00Z', at)).toBe(true);
  });
});

describe('after failed prompts', () => {
  it('offers Paybill (and the card checkout) from the second failure on, not after one', () => {
    expect(offersPaybill(0)).toBe(false);
    expect(offersPaybill(1)).toBe(false);
    expect(offersPaybill(2)).toBe(true);
    expect(offersPaybill(3)).toBe(true);
  });
});
