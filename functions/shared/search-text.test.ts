import { describe, expect, it } from 'vitest';
import { normalize, words } from './search-text.js';

describe('search text (tutor and user search)', () => {
  it('folds case and Latin accents, and compatibility forms (NFKC)', () => {
    expect(normalize('KARIŪKI Ñandú Çelik')).toBe('kariuki nandu celik');
    expect(normalize('Ｊｏｈｎ')).toBe('john'); // full-width letters
    expect(normalize('STRAẞE Straße')).toBe('strasse strasse'); // full case folding: ß = ss
    expect(normalize('İlker')).toBe('ilker');
    expect(normalize('e\u0301') ).toBe(normalize('\u00e9')); // decomposed and composed é are one letter
  });
  it('keeps letters of other scripts, with the marks that belong to them', () => {
    expect(normalize('አበበ ቢቂላ')).toBe('አበበ ቢቂላ');
    expect(normalize('सीमा')).toBe('सीमा'); // Devanagari vowel signs are not accents
    expect(normalize('ΣΩΚΡΆΤΗΣ')).toBe(normalize('σωκράτης'));
  });
  it('drops the optional Arabic vowel marks and the tatweel', () => {
    expect(normalize('مُحَمَّد')).toBe('محمد');
    expect(normalize('محـــمد')).toBe('محمد');
  });
  it('splits words on anything but letters and digits, in any script', () => {
    expect(words("  Jean-Luc O'Brien, 2nd ")).toEqual(['jean', 'luc', 'o', 'brien', '2nd']);
    expect(words('አበበ፡ቢቂላ')).toEqual(['አበበ', 'ቢቂላ']); // Ethiopic word separator
    expect(words('فاطمة، الزهراء')).toEqual(['فاطمة', 'الزهراء']);
    expect(words('王小明')).toEqual(['王小明']);
    expect(words('😀 🎉 !! ‍')).toEqual([]);
    expect(words('Ana😀Maria')).toEqual(['ana', 'maria']);
  });
});
