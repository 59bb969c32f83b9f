import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '@functions/tutors/contract';
import { groupByWeekday, slotTimes } from './availability';

const slot = (id: string, dayOfWeek: number, startTime: string, endTime: string): AvailabilitySlot =>
  ({ id, dayOfWeek, startTime, endTime, isAvailable: true });

describe('weekly availability grouping (Monday → Sunday)', () => {
  it('lists all seven days Monday first, Sunday last, empty days included', () => {
    const days = groupByWeekday([slot('s', 0, '10:00', '11:00'), slot('m', 1, '09:00', '10:00')]);
    expect(days.map((d) => d.name)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(days[0]!.slots.map((s) => s.id)).toEqual(['m']);
    expect(days[6]!.slots.map((s) => s.id)).toEqual(['s']);
    expect(days.slice(1, 6).every((d) => d.slots.length === 0)).toBe(true);
  });

  it('orders a day by start time, whatever order the API used', () => {
    const days = groupByWeekday([
      slot('late', 3, '16:00', '18:00'), slot('early', 3, '08:00', '09:00'), slot('mid', 3, '12:00', '13:00'),
    ]);
    expect(days.find((d) => d.dayOfWeek === 3)!.slots.map((s) => s.id)).toEqual(['early', 'mid', 'late']);
  });

  it('labels slots without seconds', () => {
    expect(slotTimes({ startTime: '09:00:00', endTime: '10:00:00' })).toBe('09:00–10:00');
  });
});
