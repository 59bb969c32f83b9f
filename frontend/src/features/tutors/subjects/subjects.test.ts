import { describe, expect, it } from 'vitest';
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { SPECIALIZATIONS, TUTOR_SUBJECTS } from '../../../../../functions/tutors/catalog';
import en from './i18n/en.json';

describe('subject names catalog', () => {
  it('has every fixed subject and specialization under its own English name (the SPA builds the English catalog from the lists)', () => {
    const listed = [...TUTOR_SUBJECTS, ...SPECIALIZATIONS];
    expect(en).toEqual(Object.fromEntries(listed.map((name) => [name, name])));
  });
});
