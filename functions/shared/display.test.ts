import { describe, expect, it } from 'vitest';
import { compactAmount, formatMoney, ksh, kshPerHour, zoneName } from './display.js';

describe('money (one label, KSh, everywhere)', () => {
  it('labels every amount KSh, with cents only when there are some', () => {
    expect(ksh(1900)).toBe('KSh 1,900');
    expect(ksh(2332.5)).toBe('KSh 2,332.50');
    expect(kshPerHour(1900)).toBe('KSh 1,900/hr');
    expect(formatMoney(0)).toBe('0');
  });

  it('shortens thousands and millions for chart labels', () => {
    expect([850, 1500, 12_000, 150_000, 2_250_000, 0].map(compactAmount)).toEqual(['850', '1.5K', '12K', '150K', '2.3M', '0']);
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
