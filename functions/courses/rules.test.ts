import { describe, expect, it } from 'vitest';
import { courseMessages } from './catalog.js';
import { CatalogueQuery, CreateCourseRequest, LessonInput, UpdateCourseRequest } from './contract.js';
import {
  ALL_PUBLISHED_PARTITION, courseSearchText, fromMinor, isCourseComplete, isFree, matchesFilters, planCatalogue, progressOf, toMinor,
} from './rules.js';

const valid = { title: 'KCSE Chemistry revision', subject: 'Chemistry', level: 'secondary', category: 'KCSE Prep', durationWeeks: 6 };
const firstIssue = (input: unknown) => {
  const parsed = CreateCourseRequest.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('course validation', () => {
  it('accepts a complete course; description defaults to empty and an empty price is Free', () => {
    expect(CreateCourseRequest.parse(valid)).toMatchObject({ description: '', price: null });
  });

  it('requires a title (blank is missing)', () => {
    expect(firstIssue({ ...valid, title: '   ' })).toBe(courseMessages.titleRequired);
    expect(firstIssue({ ...valid, title: undefined })).toBe(courseMessages.titleRequired);
  });

  it('price: a number, at least 0, step 0.01; null means Free', () => {
    expect(firstIssue({ ...valid, price: -1 })).toBe(courseMessages.priceNumber);
    expect(firstIssue({ ...valid, price: '100' })).toBe(courseMessages.priceNumber);
    expect(firstIssue({ ...valid, price: 10.005 })).toBe(courseMessages.priceStep);
    expect(firstIssue({ ...valid, price: 0 })).toBeNull();
    expect(firstIssue({ ...valid, price: 1499.99 })).toBeNull();
    expect(firstIssue({ ...valid, price: 0.1 + 0.2 })).toBeNull(); // a binary fraction of 0.30
    expect(firstIssue({ ...valid, price: null })).toBeNull();
  });

  it('duration: whole weeks, at least 1', () => {
    expect(firstIssue({ ...valid, durationWeeks: 0 })).toBe(courseMessages.durationWeeks);
    expect(firstIssue({ ...valid, durationWeeks: 2.5 })).toBe(courseMessages.durationWeeks);
    expect(firstIssue({ ...valid, durationWeeks: undefined })).toBe(courseMessages.durationWeeks);
    expect(firstIssue({ ...valid, durationWeeks: 1 })).toBeNull();
  });

  it('subject from the 10 options, level from the four, category from the four', () => {
    expect(firstIssue({ ...valid, subject: 'Astrology' })).toBe('Choose a subject');
    expect(firstIssue({ ...valid, level: 'kindergarten' })).toBe('Choose a level');
    expect(firstIssue({ ...valid, category: 'Cooking' })).toBe('Choose a category');
  });

  it('an edit may change one field and keeps the same rules', () => {
    expect(UpdateCourseRequest.parse({ price: null })).toEqual({ price: null });
    expect(UpdateCourseRequest.safeParse({ durationWeeks: 0 }).success).toBe(false);
    expect(UpdateCourseRequest.safeParse({ title: '' }).success).toBe(false);
  });

  it('lessons need a title', () => {
    expect(LessonInput.safeParse({ title: ' ', text: 'x' }).success).toBe(false);
    expect(LessonInput.parse({ title: 'Moles' })).toEqual({ title: 'Moles', text: '' });
  });
});

describe('money', () => {
  it('stores KSh as minor units and back; null stays Free', () => {
    expect(toMinor(1499.99)).toBe(149_999);
    expect(fromMinor(149_999)).toBe(1499.99);
    expect(toMinor(null)).toBeNull();
    expect(isFree(null)).toBe(true);
    expect(isFree(0)).toBe(true);
    expect(isFree(100)).toBe(false);
  });
});

describe('progress', () => {
  it('counts done lessons among the current ones, rounded down', () => {
    expect(progressOf(['a', 'b', 'c'], ['a'])).toEqual({ done: 1, total: 3, percent: 33 });
    expect(progressOf(['a', 'b'], ['a', 'b'])).toEqual({ done: 2, total: 2, percent: 100 });
    expect(progressOf(['a', 'b'], ['a', 'gone'])).toEqual({ done: 1, total: 2, percent: 50 });
    expect(progressOf([], [])).toEqual({ done: 0, total: 0, percent: 0 });
  });
});

describe('catalogue plan and filters', () => {
  const course = {
    searchText: courseSearchText({ title: 'Organic Chemistry', description: 'Alkanes and alkenes for KCSE', tutorName: 'Brian Otieno' }),
    subject: 'Chemistry', level: 'secondary', priceMinor: null, durationWeeks: 6,
  };

  it('All Courses reads the all-courses partition; a category its own (gsi3)', () => {
    expect(planCatalogue({})).toMatchObject({ index: 'gsi1', partition: ALL_PUBLISHED_PARTITION, filters: [] });
    expect(planCatalogue({ category: 'JAMB Prep' })).toMatchObject({ index: 'gsi3', partition: 'COURSES#JAMB Prep' });
  });

  it('text filters on word starts of title, description and tutor, any case and accent', () => {
    const plan = planCatalogue({ q: 'ORGANIC otiéno' })!;
    expect(plan.filters).toEqual(['contains(searchText, :w0)', 'contains(searchText, :w1)']);
    expect(plan.values).toMatchObject({ ':w0': ' organic', ':w1': ' otieno' });
    expect(matchesFilters(course, { q: 'alk' })).toBe(true);
    expect(matchesFilters(course, { q: 'brian' })).toBe(true);
    expect(matchesFilters(course, { q: 'kanes' })).toBe(false); // not a word start
  });

  it('a query without any word cannot match and reads nothing', () => {
    expect(planCatalogue({ q: '?!' })).toBeNull();
    expect(planCatalogue({ q: '  ' })).toMatchObject({ filters: [] });
  });

  it('More Filters: subject, level, free/paid, duration band', () => {
    expect(matchesFilters(course, { subject: 'Chemistry', level: 'secondary', price: 'free', duration: 'medium' })).toBe(true);
    expect(matchesFilters(course, { subject: 'Physics' })).toBe(false);
    expect(matchesFilters(course, { level: 'university' })).toBe(false);
    expect(matchesFilters(course, { price: 'paid' })).toBe(false);
    expect(matchesFilters({ ...course, priceMinor: 50_000 }, { price: 'paid' })).toBe(true);
    expect(matchesFilters(course, { duration: 'short' })).toBe(false);
    expect(planCatalogue({ duration: 'long' })!.values).toMatchObject({ ':dmin': 9 });
  });

  it('a cursor is bound to its filters', () => {
    expect(planCatalogue({ q: 'chem' })!.listId).not.toBe(planCatalogue({ q: 'chem', price: 'free' })!.listId);
  });

  it('the catalogue query accepts the filter names the SPA sends', () => {
    expect(CatalogueQuery.parse({ category: 'Skills', price: 'paid', duration: 'short', limit: '12' })).toMatchObject({ limit: 12 });
    expect(CatalogueQuery.safeParse({ category: 'Cooking' }).success).toBe(false);
  });
});

describe('course completion (certificates)', () => {
  it('needs every current lesson done, and at least one lesson', () => {
    expect(isCourseComplete(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isCourseComplete(['a', 'b'], ['a'])).toBe(false);
    expect(isCourseComplete(['a'], ['a', 'removed'])).toBe(true);
    expect(isCourseComplete([], [])).toBe(false);
  });

  it('the programs filter lists flagged courses only', () => {
    expect(planCatalogue({ program: 'true' })).toMatchObject({ filters: ['certificationProgram = :program'], values: { ':program': true } });
    expect(planCatalogue({ program: 'true' })!.listId).not.toBe(planCatalogue({})!.listId);
  });
});
