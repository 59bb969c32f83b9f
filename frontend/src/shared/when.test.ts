import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { lessonTimeIn } from '@functions/shared/display';
import { clockTime, durationLabel, monthLabel, sessionTime } from './when';

/** Every Kiswahili message: the SPA's catalogs (…/i18n/[<page>.]sw.json) and the API's. */
function kiswahiliMessages(): [string, string][] {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const files = [join(root, 'functions/shared/i18n/sw.json')];
  const walk = (dir: string): void => readdirSync(dir, { withFileTypes: true }).forEach((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (dir.endsWith('/i18n') && /(^|\.)sw\.json$/.test(entry.name)) files.push(path);
  });
  walk(join(root, 'frontend/src'));
  return files.flatMap((file) => Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
}

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

describe('in Kiswahili', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('writes dates, months and durations the Kenyan Kiswahili way', () => {
    i18n.loadAndActivate({ locale: 'sw', messages: {} });
    expect(sessionTime('2026-06-01T06:00:00.000Z', 90, 'Africa/Nairobi')).toEqual({ date: 'Jumatatu 1 Jun 2026', time: '09:00–10:30', start: '09:00' });
    expect(monthLabel('2026-11', true)).toBe('Nov 2026');
    expect([60, 90, 45].map(durationLabel)).toEqual(['saa 1', 'saa 1 dakika 30', 'dakika 45']);
  });

  // docs/architecture.md, "Clock times in Kiswahili": Intl's 24-hour sw-KE time, "saa" before it in a sentence.
  it('writes clock times as Intl does, never on the Swahili clock', () => {
    expect(lessonTimeIn('2026-06-01T06:00:00.000Z', 'Africa/Nairobi', 'sw')).toMatch(/^Jumatatu, 1 Juni 2026 saa 09:00/);
    const messages = kiswahiliMessages();
    expect(messages.length).toBeGreaterThan(500);
    const swahiliClock = messages.filter(([, m]) => /\d{1,2}(:\d{2})? *(asubuhi|mchana|alasiri|jioni|usiku)/.test(m));
    expect(swahiliClock).toEqual([]);
    const timeWithoutSaa = messages.filter(([, m]) => /[a-z] \{(time|start)\}/i.test(m.replaceAll('saa {', '')));
    expect(timeWithoutSaa).toEqual([]);
  });
});
