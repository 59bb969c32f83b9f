import { describe, expect, it } from 'vitest';
import type { Profile } from '../profiles/contract.js';
import { cardFigures, listingEntries, planBrowse, prefixTokens, ratingSortKey, toCard } from './listing.js';

const tutor = (over: Partial<Profile> = {}): Profile => ({
  id: 't1', role: 'tutor', accountType: 'tutor', firstName: 'Wanjiru', lastName: 'Kariūki', email: 'w@x.com',
  country: 'Kenya', timeZone: 'Africa/Nairobi', expertise: ['Physics'], specializations: [],
  preferredSubjects: ['Mathematics', 'Physics'], certifications: [], levels: ['secondary', 'university'],
  createdAt: '2026-01-01T00:00:00.000Z', ...over,
});

describe('toCard', () => {
  it('uses the default rate of 2500 when none is set', () => {
    expect(toCard(tutor()).hourlyRate).toBe(2500);
    expect(toCard(tutor({ hourlyRate: 1800 })).hourlyRate).toBe(1800);
  });
  it('lists preferred subjects then expertise, once each', () => {
    expect(toCard(tutor()).subjects).toEqual(['Mathematics', 'Physics']);
  });
  it('is verified only when KYC is approved', () => {
    expect(toCard(tutor({ kycStatus: 'pending' })).verified).toBe(false);
    expect(toCard(tutor({ kycStatus: 'approved' })).verified).toBe(true);
  });
});

describe('listingEntries', () => {
  it('puts the tutor in every facet partition its subjects and levels match', () => {
    expect(listingEntries(tutor()).facets.sort()).toEqual([
      'ALL', 'L#secondary', 'L#university', 'S#Mathematics', 'S#Mathematics#L#secondary',
      'S#Mathematics#L#university', 'S#Physics', 'S#Physics#L#secondary', 'S#Physics#L#university',
    ]);
  });
  it('indexes 1- to 3-letter prefixes of name and subject words, accents folded', () => {
    const { tokens, searchText } = listingEntries(tutor());
    expect(tokens).toEqual(expect.arrayContaining(['w', 'wa', 'wan', 'k', 'ka', 'kar', 'm', 'ma', 'mat', 'p', 'ph', 'phy']));
    expect(searchText).toContain(' kariuki ');
  });
  it('ranks verified tutors before the others', () => {
    const a = listingEntries(tutor({ kycStatus: 'approved', lastName: 'Zulu' })).rank;
    const b = listingEntries(tutor({ kycStatus: 'pending', lastName: 'Abdi' })).rank;
    expect(a < b).toBe(true);
  });
});

describe('planBrowse', () => {
  it('answers exact filters from one facet partition', () => {
    expect(planBrowse({})).toEqual({ partition: 'LISTING#ALL', list: 'LISTING#ALL', words: [] });
    expect(planBrowse({ subject: 'Physics', level: 'primary' })).toEqual({ partition: 'LISTING#S#Physics#L#primary', list: 'LISTING#S#Physics#L#primary', words: [] });
  });
  it('searches from the longest word and filters by all words, case-insensitively', () => {
    expect(planBrowse({ q: '  WANJIRU  Math ', level: 'secondary' })).toEqual({
      partition: 'SEARCH#wan', list: 'SEARCH#wan', words: ['wanjiru', 'math'], level: 'secondary',
    });
  });
  it('looks a one-letter query up in its own partition', () => {
    expect(planBrowse({ q: 'J' })).toEqual({ partition: 'SEARCH#j', list: 'SEARCH#j', words: ['j'] });
  });
  it('searches names in any script', () => {
    expect(planBrowse({ q: 'አበበ' })).toEqual({ partition: 'SEARCH#አበበ', list: 'SEARCH#አበበ', words: ['አበበ'] });
    expect(planBrowse({ q: 'محمد' })).toEqual({ partition: 'SEARCH#محم', list: 'SEARCH#محم', words: ['محمد'] });
  });
  it('plans nothing for a query without a letter or digit (it cannot match), but browses for a blank one', () => {
    expect(planBrowse({ q: '!!' })).toBeNull();
    expect(planBrowse({ q: '😀🎉' })).toBeNull();
    expect(planBrowse({ q: '👩🏽‍🏫' })).toBeNull();
    expect(planBrowse({ q: '' })).toEqual({ partition: 'LISTING#ALL', list: 'LISTING#ALL', words: [] });
  });
});

describe('search tokens', () => {
  it('indexes 1- to 3-character prefixes, counted in characters, not UTF-16 units', () => {
    expect(prefixTokens('j')).toEqual(['j']);
    expect(prefixTokens('wanjiru')).toEqual(['w', 'wa', 'wan']);
    expect(prefixTokens('𠀀𠀁𠀂𠀃')).toEqual(['𠀀', '𠀀𠀁', '𠀀𠀁𠀂']);
  });
  it('makes a one-letter name and a non-Latin name findable', () => {
    const j = listingEntries(tutor({ firstName: 'J', lastName: 'አበበ' }));
    expect(j.tokens).toEqual(expect.arrayContaining(['j', 'አ', 'አበ', 'አበበ']));
    expect(j.searchText).toContain(' j አበበ ');
  });
});

describe('figures on the card (real or absent)', () => {
  it('has no rating before the first review, and a one-decimal average after', () => {
    expect(cardFigures({ ratingSum: 0, ratingCount: 0, lessonsTaught: 3, studentsTaught: 2 }))
      .toEqual({ reviewCount: 0, lessonsTaught: 3, studentsTaught: 2 });
    expect(cardFigures({ ratingSum: 14, ratingCount: 3, lessonsTaught: 3, studentsTaught: 2 }).rating).toBe(4.7);
  });
});

describe('browse orders and price range', () => {
  const figures = (ratingSum: number, ratingCount: number) => ({ ratingSum, ratingCount, lessonsTaught: 0, studentsTaught: 0 });
  it('orders by average, then by number of reviews, and tutors without reviews last', () => {
    const keys = [
      ratingSortKey(figures(0, 0), '0#a'), ratingSortKey(figures(8, 2), '1#z'), ratingSortKey(figures(4, 1), '0#b'),
      ratingSortKey(figures(50, 10), '1#y'), ratingSortKey(figures(9, 2), '1#x'),
    ];
    expect([...keys].sort()).toEqual([keys[3], keys[4], keys[1], keys[2], keys[0]]);
  });
  it('writes one entry per facet and order, price keys padded so text order is number order', () => {
    const entries = listingEntries(tutor({ hourlyRate: 900 }));
    expect(entries.sortKeys.price.startsWith('00900#')).toBe(true);
    expect(entries.sortKeys.newest).toBe('2026-01-01T00:00:00.000Z#t1');
  });
  it('keeps the figures out of the entries: only the rating order\'s key depends on them', () => {
    const taught = { ratingSum: 0, ratingCount: 0, lessonsTaught: 40, studentsTaught: 9 };
    const rated = { ...taught, ratingSum: 9, ratingCount: 2 };
    const plain = listingEntries(tutor());
    expect(plain.card.figures).toBeUndefined();
    expect(listingEntries(tutor(), taught)).toEqual(plain);
    const { sortKeys: ratedKeys, ...ratedRest } = listingEntries(tutor(), rated);
    const { sortKeys: plainKeys, ...plainRest } = plain;
    expect(ratedRest).toEqual(plainRest);
    expect(ratedKeys).toEqual({ ...plainKeys, rating: ratingSortKey(rated, plain.rank) });
  });
  it('reads the order\'s partition; newest from its end', () => {
    expect(planBrowse({ sort: 'rating', subject: 'Physics' })).toMatchObject({ partition: 'BYRATING#S#Physics' });
    expect(planBrowse({ sort: 'newest' })).toMatchObject({ partition: 'BYNEW#ALL', descending: true });
  });
  it('answers a price range by key in the price order, by filter in the others, and binds the cursor to it', () => {
    expect(planBrowse({ sort: 'price', minPrice: 1000, maxPrice: 2000 })).toEqual({
      partition: 'BYPRICE#ALL', list: 'BYPRICE#ALL|1000-2000', words: [], keyRange: { from: '01000#', to: '02000#~' },
    });
    expect(planBrowse({ sort: 'rating', maxPrice: 2000 })).toMatchObject({ partition: 'BYRATING#ALL', price: { min: 0, max: 2000 } });
    expect(planBrowse({ q: 'math', minPrice: 500 })).toMatchObject({ partition: 'SEARCH#mat', price: { min: 500, max: 50_000 } });
  });
});

describe('grades and curricula', () => {
  const teaching = tutor({ preferredSubjects: ['Mathematics'], expertise: [], levels: [], grades: ['cbc-grade-7', 'cbc-grade-8', '844-form-2'] });
  it('puts the tutor in the partitions of each grade taught and of its curricula, with and without each subject', () => {
    expect(listingEntries(teaching).facets.sort()).toEqual([
      'ALL', 'C#8-4-4', 'C#cbc', 'G#844-form-2', 'G#cbc-grade-7', 'G#cbc-grade-8', 'S#Mathematics',
      'S#Mathematics#C#8-4-4', 'S#Mathematics#C#cbc', 'S#Mathematics#G#844-form-2', 'S#Mathematics#G#cbc-grade-7',
      'S#Mathematics#G#cbc-grade-8',
    ]);
    expect(listingEntries(teaching).curriculaKey).toBe('|cbc|8-4-4|');
    expect(toCard(teaching).grades).toEqual(['cbc-grade-7', 'cbc-grade-8', '844-form-2']);
  });
  it('is in no grade or curriculum partition when no grade is stated (as a tutor without levels is in no level one)', () => {
    expect(listingEntries(tutor({ grades: [] })).facets.some((f) => /(^|#)[GC]#/.test(f))).toBe(false);
    expect(listingEntries(tutor()).card.grades).toEqual([]);
  });
  it('answers a grade from its own partition, a curriculum from its, and a level beside them by filter', () => {
    expect(planBrowse({ grade: 'cbc-grade-7' })).toEqual({ partition: 'LISTING#G#cbc-grade-7', list: 'LISTING#G#cbc-grade-7', words: [] });
    expect(planBrowse({ grade: 'cbc-grade-7', curriculum: 'cbc', subject: 'Physics', sort: 'price' }))
      .toMatchObject({ partition: 'BYPRICE#S#Physics#G#cbc-grade-7' });
    expect(planBrowse({ curriculum: 'igcse', level: 'secondary' }))
      .toEqual({ partition: 'LISTING#C#igcse', list: 'LISTING#C#igcse', words: [], level: 'secondary' });
  });
  it('filters a text search by grade and curriculum', () => {
    expect(planBrowse({ q: 'math', grade: 'cbc-grade-7' })).toMatchObject({ partition: 'SEARCH#mat', grade: 'cbc-grade-7' });
    expect(planBrowse({ q: 'math', curriculum: 'cbc' })).toMatchObject({ partition: 'SEARCH#mat', curriculum: 'cbc' });
  });
});
