import { describe, expect, it } from 'vitest';
import { compactAmount, compactNumber, formatMoney, ksh, kshMinor, kshPerHour, lessonTimeIn, relativeTime, weekdayName, zoneName } from './display.js';

describe('money (one label, KSh, everywhere)', () => {
  it('labels every amount KSh, with cents only when there are some', () => {
    expect(ksh(1900)).toBe('KSh 1,900');
    expect(ksh(2332.5)).toBe('KSh 2,332.50');
    expect(kshPerHour(1900)).toBe('KSh 1,900/hr');
    expect(formatMoney(0)).toBe('0');
  });

  it('shortens thousands and millions for chart labels', () => {
    expect([850, 1500, 12_000, 150_000, 2_250_000, 0].map(compactAmount)).toEqual(['850', '1.5K', '12K', '150K', '2.3M', '0']);
    // Counts on an axis keep their fraction below a thousand; amounts are whole shillings.
    expect([0, 2.5, 850, 1500, 12_000, 250_000, 2_300_000].map(compactNumber)).toEqual(['0', '2.5', '850', '1.5K', '12K', '250K', '2.3M']);
    expect(compactAmount(849.6)).toBe('850');
  });
});

describe('zoneName (readable zone, never the raw IANA id)', () => {
  const january = new Date('2026-01-15T12:00:00Z');
  const july = new Date('2026-07-15T12:00:00Z');

  it('uses the short name', () => {
    expect(zoneName('Africa/Nairobi', january)).toBe('EAT');
    expect(zoneName('Africa/Lagos', january)).toBe('WAT');
    expect(zoneName('UTC', january)).toBe('UTC');
  });

  it('follows summer time and never shows a slash id', () => {
    expect(zoneName('Europe/London', january)).toBe('GMT');
    expect(zoneName('Europe/London', july)).not.toBe('GMT');
    for (const zone of ['Asia/Kolkata', 'America/St_Johns', 'Asia/Kathmandu']) expect(zoneName(zone, january)).not.toContain('/');
  });

  it('keeps an unknown id as it is', () => {
    expect(zoneName('Mars/Olympus_Mons', january)).toBe('Mars/Olympus_Mons');
  });
});

describe('in both languages', () => {
  const now = new Date('2026-11-23T06:00:00Z');

  it('shows KSh with thousands separators in English and Kiswahili, a minus before the label', () => {
    expect(ksh(2250, 'sw')).toBe('KSh 2,250');
    expect(kshMinor(150_050, 'KES', 'sw')).toBe('KSh 1,500.50');
    expect(ksh(-604.79)).toBe('−KSh 604.79');
    expect(kshPerHour(1900, 'sw')).toBe('KSh 1,900 kwa saa');
  });

  it('says relative times in the reader\'s language', () => {
    expect(relativeTime('2026-11-23T08:00:00Z', now, 'en')).toBe('in 2 hours');
    expect(relativeTime('2026-11-23T08:00:00Z', now, 'sw')).toBe('baada ya saa 2');
    expect(relativeTime('2026-11-22T06:00:00Z', now, 'sw')).toBe('jana');
    expect(relativeTime('2026-11-22T06:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-11-23T06:00:20Z', now, 'en')).toBe('this minute');
  });

  it('writes a lesson\'s date in full in the reader\'s language, with the zone Kenyans know', () => {
    expect(lessonTimeIn('2026-11-23T06:00:00Z', 'Africa/Nairobi', 'sw')).toBe('Jumatatu, 23 Novemba 2026 saa 09:00 (EAT)');
    expect(lessonTimeIn('2026-11-23T06:00:00Z', 'Africa/Nairobi')).toMatch(/^Monday, 23 November 2026 at 09:00 \(EAT\)$/);
  });

  it('names a stored weekday (0 = Sunday) in the reader\'s language', () => {
    expect([0, 1, 6].map((day) => weekdayName(day))).toEqual(['Sunday', 'Monday', 'Saturday']);
    expect([0, 1, 6].map((day) => weekdayName(day, 'sw'))).toEqual(['Jumapili', 'Jumatatu', 'Jumamosi']);
  });
});
