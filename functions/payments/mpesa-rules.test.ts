import { describe, expect, it } from 'vitest';
import { maskedPhone, mayCheckPrompt, mpesaPhone, promptFailure, promptTimedOut } from './mpesa-rules.js';

describe('the M-Pesa number', () => {
  it.each([
    ['0712345678', '254712345678'], ['0712 345 678', '254712345678'], ['0112-345-678', '254112345678'],
    ['+254712345678', '254712345678'], ['254712345678', '254712345678'], ['712345678', '254712345678'], ['(0711) 222 333', '254711222333'],
  ])('reads %s as %s', (typed, phone) => {
    expect(mpesaPhone(typed)).toBe(phone);
  });

  it.each(['', '0812345678', '071234567', '07123456789', '+255712345678', '0712abc678', '254 0712345678'])('refuses %j', (typed) => {
    expect(mpesaPhone(typed)).toBeNull();
  });

  it('is shown masked: the first digits and the last three', () => {
    expect(maskedPhone('254712345678')).toBe('07•• ••• 678');
  });
});

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
