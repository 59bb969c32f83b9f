import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { SPECIALIZATIONS, TUTOR_SUBJECTS } from '@functions/tutors/catalog';
import en from './i18n/en.json';
import { useSubjectsText } from './text';

describe('subject names catalog', () => {
  it('has every fixed subject and specialization under its own English name (the SPA builds the English catalog from the lists)', () => {
    const listed = [...TUTOR_SUBJECTS, ...SPECIALIZATIONS];
    expect(en).toEqual(Object.fromEntries(listed.map((name) => [name, name])));
  });

  // Node's Lingui compiles raw strings itself; the browser's has no compiler and warns "Uncompiled message" on each.
  it('loads its English catalog in compiled form, as the build compiles every other one', () => {
    i18n.activate('en');
    expect(i18n.messages[useSubjectsText.id('Physics')]).toEqual(['Physics']);
    expect(i18n._(useSubjectsText.id('Further Mathematics'))).toBe('Further Mathematics');
  });
});
