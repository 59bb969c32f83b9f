import { i18n } from '@lingui/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadRegisteredCatalogs } from '../../shared/i18n/text';
import { lookupOf } from '../../shared/i18n/lookup';
import { studyTimeText } from './format';
import { useProgressText } from './text';

const t = lookupOf(useProgressText);
beforeAll(() => i18n.activate('en'));

describe('dashboard wording', () => {
  it('Hours Studied: minutes under an hour, hours to a tenth above', () => {
    expect(studyTimeText(0, t)).toBe('0 h');
    expect(studyTimeText(1, t)).toBe('1 min');
    expect(studyTimeText(59, t)).toBe('59 min');
    expect(studyTimeText(60, t)).toBe('1 h');
    expect(studyTimeText(90, t)).toBe('1.5 h');
    expect(studyTimeText(1234, t)).toBe('20.6 h');
    expect(studyTimeText(60_000, t)).toBe('1,000 h');
  });

  it('counts in words, with each language’s plurals', async () => {
    expect([1, 0, 2].map((count) => t('stats.days', { count }))).toEqual(['1 day', '0 days', '2 days']);
    await loadRegisteredCatalogs('sw');
    i18n.activate('sw');
    expect(t('stats.hoursWithLessons', { count: 1 })).toBe('michezo na somo 1');
    expect(t('stats.hoursWithLessons', { count: 3 })).toBe('michezo na masomo 3');
    expect(studyTimeText(90, t)).toBe('saa 1.5');
  });
  afterEach(() => i18n.activate('en'));
});
