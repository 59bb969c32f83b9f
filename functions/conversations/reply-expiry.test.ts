import { describe, expect, it } from 'vitest';
import { expiryDayOf, expiryDaysToRead, withinWindow } from './reply-expiry.js';
import { medianReplyMs } from './rules.js';

const now = new Date('2026-11-28T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('when a response time must be computed again', () => {
  it('is the day the oldest sample leaves the 30-day window; never without samples', () => {
    expect(expiryDayOf([])).toBeUndefined();
    expect(expiryDayOf([{ at: daysAgo(2), ms: 1 }, { at: '2026-11-01T23:30:00Z', ms: 5 }, { at: daysAgo(1), ms: 3 }])).toBe('2026-12-01');
  });

  it('a sample 31 days old no longer counts; with none left there is no figure', () => {
    const old = { at: daysAgo(31), ms: 50 * 3_600_000 };
    const recent = { at: daysAgo(3), ms: 3_600_000 };
    expect(withinWindow([old, recent], now)).toEqual([recent]);
    expect(medianReplyMs(withinWindow([old, recent], now), now)).toBe(3_600_000);
    expect(withinWindow([old], now)).toEqual([]);
    expect(medianReplyMs(withinWindow([old], now), now)).toBeUndefined();
  });

  it('reads the days since the last run (that day again) through today, one window back on a first run', () => {
    expect(expiryDaysToRead(new Date('2026-11-27T00:15:00Z'), now)).toEqual(['2026-11-27', '2026-11-28']);
    expect(expiryDaysToRead(new Date('2026-11-28T00:15:00Z'), now)).toEqual(['2026-11-28']);
    // Missed runs are caught up.
    expect(expiryDaysToRead(new Date('2026-11-24T00:15:00Z'), now)).toHaveLength(5);
    const first = expiryDaysToRead(undefined, now);
    expect(first[0]).toBe('2026-10-28');
    expect(first.at(-1)).toBe('2026-11-28');
  });
});
