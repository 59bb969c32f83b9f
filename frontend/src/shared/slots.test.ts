import { describe, expect, it } from 'vitest';
import { groupSlotsByLocalDate } from './slots';

const hour = (iso: string) => ({ start: iso, end: new Date(Date.parse(iso) + 3_600_000).toISOString() });
const NOW = new Date('2025-07-14T00:00:00Z');

describe('booking calendar: UTC starts on the viewer\'s calendar', () => {
  it('puts a 23:00 UTC start on the next day in Africa/Nairobi (UTC+3)', () => {
    const slots = [hour('2025-07-14T20:00:00Z'), hour('2025-07-14T23:00:00Z')];
    const days = groupSlotsByLocalDate(slots, 'Africa/Nairobi', NOW);
    expect(days.map((d) => d.key)).toEqual(['2025-07-14', '2025-07-15']);
    expect(days[0]!.times.map((t) => t.label)).toEqual(['23:00']);
    expect(days[1]!.times.map((t) => t.label)).toEqual(['02:00']);
    expect(days[1]!.full).toMatch(/^Tuesday,? 15 July 2025$/); // ICU versions differ on the comma
    expect(days[1]!.short).toBe('Tue 15 Jul');
    expect(days[1]!.times[0]!.start).toBe('2025-07-14T23:00:00Z');
  });

  it('keeps both starts on one day in UTC, and moves them to the previous day west of UTC', () => {
    const slots = [hour('2025-07-15T01:00:00Z'), hour('2025-07-15T02:00:00Z')];
    expect(groupSlotsByLocalDate(slots, 'UTC', NOW).map((d) => [d.key, d.times.map((t) => t.label)])).toEqual([
      ['2025-07-15', ['01:00', '02:00']],
    ]);
    expect(groupSlotsByLocalDate(slots, 'America/New_York', NOW).map((d) => [d.key, d.times.map((t) => t.label)])).toEqual([
      ['2025-07-14', ['21:00', '22:00']],
    ]);
  });

  it('sorts, drops repeats, past and unreadable starts', () => {
    const slots = [
      hour('2025-07-16T09:00:00Z'), hour('2025-07-15T09:00:00Z'), hour('2025-07-15T09:00:00Z'),
      hour('2025-07-13T09:00:00Z'), { start: 'nonsense', end: 'nonsense' },
    ];
    const days = groupSlotsByLocalDate(slots, 'Africa/Lagos', NOW);
    expect(days.map((d) => d.key)).toEqual(['2025-07-15', '2025-07-16']);
    expect(days[0]!.times.map((t) => t.label)).toEqual(['10:00']);
  });

  it('gives an empty calendar for no slots', () => {
    expect(groupSlotsByLocalDate([], 'Africa/Nairobi', NOW)).toEqual([]);
  });
});
