import { describe, expect, it } from 'vitest';
import { BOOKING_DURATIONS, bookingDateOptions, durationsAt, initialChoice } from './booking-options';

const HOUR = 3_600_000;
const slot = (iso: string) => ({ start: iso, end: new Date(Date.parse(iso) + HOUR).toISOString() });
const NOW = new Date('2026-06-01T00:00:00Z');

describe('booking form options from the free slots', () => {
  it('offers 60, 90 and 120 minutes', () => {
    expect([...BOOKING_DURATIONS]).toEqual([60, 90, 120]);
  });

  it('offers 90 and 120 minutes only where the following hour is free too', () => {
    // Nairobi (UTC+3): free 09:00, 10:00, 11:00 and 14:00 local on 1 June; 12:00 is taken.
    const slots = ['06:00', '07:00', '08:00', '11:00'].map((t) => slot(`2026-06-01T${t}:00.000Z`));
    const [day] = bookingDateOptions(slots, 'Africa/Nairobi', NOW);
    expect(day!.key).toBe('2026-06-01');
    expect(day!.times.map((t) => [t.label, t.durations])).toEqual([
      ['09:00', [60, 90, 120]],
      ['10:00', [60, 90, 120]],
      ['11:00', [60]], // 12:00 is not free
      ['14:00', [60]], // the last hour of the afternoon
    ]);
  });

  it('puts starts on the viewer\'s dates, and lets a lesson run past local midnight when the next hour is free', () => {
    // 20:00 and 21:00 UTC are 23:00 on 1 June and 00:00 on 2 June in Nairobi.
    const slots = [slot('2026-06-01T20:00:00.000Z'), slot('2026-06-01T21:00:00.000Z')];
    const nairobi = bookingDateOptions(slots, 'Africa/Nairobi', NOW);
    expect(nairobi.map((d) => d.key)).toEqual(['2026-06-01', '2026-06-02']);
    expect(nairobi[0]!.times[0]).toMatchObject({ label: '23:00', durations: [60, 90, 120] });
    expect(nairobi[1]!.times[0]).toMatchObject({ label: '00:00', durations: [60] });
    // The same starts in Lagos (UTC+1) are one day, 21:00 and 22:00.
    const lagos = bookingDateOptions(slots, 'Africa/Lagos', NOW);
    expect(lagos.map((d) => [d.key, d.times.map((t) => t.label)])).toEqual([['2026-06-01', ['21:00', '22:00']]]);
  });

  it('drops past starts and keeps the UTC start the API expects', () => {
    const slots = [slot('2026-05-31T23:00:00.000Z'), slot('2026-06-01T05:00:00.000Z')];
    const days = bookingDateOptions(slots, 'UTC', NOW);
    expect(days).toHaveLength(1);
    expect(days[0]!.times[0]!.start).toBe('2026-06-01T05:00:00.000Z');
  });

  it('durationsAt needs every covered hour', () => {
    const at = Date.parse('2026-06-01T06:00:00Z');
    expect(durationsAt(at, new Set([at]))).toEqual([60]);
    expect(durationsAt(at, new Set([at, at + HOUR]))).toEqual([60, 90, 120]);
    expect(durationsAt(at, new Set([at + HOUR]))).toEqual([]);
  });

  it('preselects from ?start= or ?date=, and says when the linked time is gone', () => {
    const slots = ['06:00', '07:00'].map((t) => slot(`2026-06-02T${t}:00.000Z`));
    const days = bookingDateOptions(slots, 'Africa/Nairobi', NOW);
    // The calendar links with the API's own ISO; a different spelling of the same instant works too.
    expect(initialChoice(days, { start: '2026-06-02T07:00:00Z' })).toEqual({ date: '2026-06-02', start: '2026-06-02T07:00:00.000Z', startGone: false });
    expect(initialChoice(days, { start: '2026-06-02T09:00:00Z' })).toEqual({ date: '', start: '', startGone: true });
    expect(initialChoice(days, { date: '2026-06-02' })).toEqual({ date: '2026-06-02', start: '', startGone: false });
    expect(initialChoice(days, { date: '2026-06-09' })).toEqual({ date: '', start: '', startGone: false });
    expect(initialChoice(days, { start: 'garbage' })).toEqual({ date: '', start: '', startGone: false });
  });
});
