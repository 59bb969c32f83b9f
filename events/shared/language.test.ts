import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.js';

describe('pickLanguage', () => {
  it('takes the first supported language among the preferences, by primary tag', () => {
    expect(pickLanguage(['sw-KE', 'en-US'])).toBe('sw');
    expect(pickLanguage(['fr-FR', 'SW', 'en'])).toBe('sw');
    expect(pickLanguage(['en-GB', 'sw'])).toBe('en');
  });
  it('falls back to English when none is supported, or none is given', () => {
    expect(pickLanguage(['fr', 'de-DE'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
