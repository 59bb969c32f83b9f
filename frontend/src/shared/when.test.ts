import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { clockTime, durationLabel, monthLabel, sessionTime } from './when';

describe('lesson times on the viewer\'s clock', () => {
  it('shows date, start and end in the zone', () => {
    expect(sessionTime('2026-06-01T06:00:00.000Z', 90, 'Africa/Nairobi')).toEqual({ date: 'Mon 1 Jun 2026', time: '09:00–10:30', start: '09:00' });
    expect(sessionTime('2026-06-01T22:00:00.000Z', 60, 'Africa/Nairobi').date).toBe('Tue 2 Jun 2026');
    expect(sessionTime('2026-06-01T22:00:00.000Z', 60, 'Africa/Lagos')).toMatchObject({ date: 'Mon 1 Jun 2026', time: '23:00–00:00' });
    expect(sessionTime('nope', 60, 'UTC').date).toBe('');
    expect(clockTime('2026-06-01T18:05:00.000Z', 'Africa/Nairobi')).toBe('21:05');
    expect(clockTime('nope', 'UTC')).toBe('');
  });

  it('labels stats months', () => {
    expect(monthLabel('2026-06')).toBe('Jun');
    expect(monthLabel('2026-01', true)).toBe('Jan 2026');
    expect(monthLabel('bad')).toBe('bad');
  });

  it('labels durations in words', () => {
    expect([60, 90, 120].map(durationLabel)).toEqual(['1 hour', '1 hour 30 minutes', '2 hours']);
  });
});

describe('in Kiswahili (issue 15)', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('writes dates, months and durations the Kenyan Kiswahili way', () => {
    i18n.loadAndActivate({ locale: 'sw', messages: {} });
    expect(sessionTime('2026-06-01T06:00:00.000Z', 90, 'Africa/Nairobi')).toEqual({ date: 'Jumatatu 1 Jun 2026', time: '09:00–10:30', start: '09:00' });
    expect(monthLabel('2026-11', true)).toBe('Nov 2026');
    expect([60, 90, 45].map(durationLabel)).toEqual(['saa 1', 'saa 1 dakika 30', 'dakika 45']);
  });
});
