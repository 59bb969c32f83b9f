import { describe, expect, it } from 'vitest';
import { giveBackUpdate, platformUsageKey, takeOneUpdate, userUsageKey } from './keys.js';
import { counterExpiresAt, nairobiDay, quotaResetsAt } from './quota.js';

describe('daily AI quotas: the Africa/Nairobi day (UTC+3)', () => {
  it('a day runs from 21:00 UTC to 20:59:59.999 UTC the next day', () => {
    expect(nairobiDay(new Date('2026-03-09T20:59:59.999Z'))).toBe('2026-03-09');
    expect(nairobiDay(new Date('2026-03-09T21:00:00.000Z'))).toBe('2026-03-10');
    expect(nairobiDay(new Date('2026-03-10T00:30:00.000Z'))).toBe('2026-03-10');
  });

  it('resets at the next Nairobi midnight, also across a month and a year end', () => {
    expect(quotaResetsAt(new Date('2026-03-09T20:59:59.999Z')).toISOString()).toBe('2026-03-09T21:00:00.000Z');
    expect(quotaResetsAt(new Date('2026-03-09T21:00:00.000Z')).toISOString()).toBe('2026-03-10T21:00:00.000Z');
    expect(quotaResetsAt(new Date('2026-02-28T22:00:00.000Z')).toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(quotaResetsAt(new Date('2026-12-31T21:00:00.000Z')).toISOString()).toBe('2027-01-01T21:00:00.000Z');
  });

  it('counters expire (TTL, epoch seconds) two days after their day ends', () => {
    expect(counterExpiresAt(new Date('2026-03-09T12:00:00Z'))).toBe(Date.parse('2026-03-11T21:00:00Z') / 1000);
  });

  it('one counter item per user per day, one for the platform', () => {
    expect(userUsageKey('u-1', '2026-03-10')).toEqual({ pk: 'AIUSE#u-1', sk: 'DAY#2026-03-10' });
    expect(platformUsageKey('2026-03-10')).toEqual({ pk: 'AIUSE#PLATFORM', sk: 'DAY#2026-03-10' });
  });

  it('adds one only below the limit (a missing counter is 0) and sets the TTL once', () => {
    const update = takeOneUpdate(userUsageKey('u-1', '2026-03-10'), 'quiz', 20, 123);
    expect(update).toMatchObject({
      UpdateExpression: 'ADD #n :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
      ExpressionAttributeNames: { '#n': 'quiz' },
      ExpressionAttributeValues: { ':one': 1, ':limit': 20, ':expiresAt': 123 },
    });
    expect(giveBackUpdate(platformUsageKey('2026-03-10'), 'modelCalls')).toMatchObject({
      UpdateExpression: 'ADD #n :minusOne', ConditionExpression: '#n > :zero',
    });
  });
});
