/**
 * Pure rules of courses (no AWS): price steps and money, progress, the catalogue's query plan.
 * The catalogue is read newest first from one index partition per category (or all), so a page
 * is a Query; text and More Filters are a FilterExpression inside that partition with a read
 * budget per request (docs/data-model.md "Courses").
 */
import { words } from '../shared/search-text.js';
import { DURATION_BANDS, type CourseCategory, type DurationBand, type PriceFilter } from './catalog.js';

/** Prices step by 0.01: at most two decimals (tolerant of binary fractions such as 0.1 + 0.2). */
export const isPriceStep = (price: number | null) =>
  price === null || Math.abs(Math.round(price * 100) - price * 100) < 1e-6;

/** KSh → minor units (cents); null stays null (Free). */
export const toMinor = (price: number | null): number | null => (price === null ? null : Math.round(price * 100));
export const fromMinor = (minor: number | null | undefined): number | null => (minor == null ? null : minor / 100);

/** A course with price 0 is as free as one without a price. */
export const isFree = (priceMinor: number | null | undefined) => !priceMinor;

/** Done lessons among the course's current ones (a lesson removed later no longer counts). */
export function progressOf(lessonIds: readonly string[], doneIds: Iterable<string>): { done: number; total: number; percent: number } {
  const done = new Set(doneIds);
  const count = lessonIds.filter((id) => done.has(id)).length;
  const total = lessonIds.length;
  return { done: count, total, percent: total === 0 ? 0 : Math.floor((count * 100) / total) };
}

/** Every lesson of the course is done (a course without lessons cannot be completed). */
export function isCourseComplete(lessonIds: readonly string[], doneIds: Iterable<string>): boolean {
  const done = new Set(doneIds);
  return lessonIds.length > 0 && lessonIds.every((id) => done.has(id));
}

/** The words a search matches, space-padded so " mat" matches a word start only. */
export const courseSearchText = (c: { title: string; description: string; tutorName: string }) =>
  ` ${[...new Set(words(`${c.title} ${c.description} ${c.tutorName}`))].join(' ')} `;

/** Catalogue index partitions (gsi1 for all published courses, gsi3 per category). */
export const ALL_PUBLISHED_PARTITION = 'COURSES#ALL';
export const categoryPartition = (category: CourseCategory) => `COURSES#${category}`;

export interface CataloguePlan {
  index: 'gsi1' | 'gsi3';
  partition: string;
  /** FilterExpression parts over the course item's attributes, ANDed. */
  filters: string[];
  values: Record<string, string | number | boolean>;
  /** What a cursor is bound to: the partition and every filter. */
  listId: string;
}

export interface CatalogueFilters {
  q?: string; category?: CourseCategory; subject?: string; level?: string; price?: PriceFilter; duration?: DurationBand;
  program?: 'true';
}

/** `null` when the query has text but no word (only punctuation or emoji): nothing can match. */
export function planCatalogue(query: CatalogueFilters): CataloguePlan | null {
  const qWords = query.q?.trim() ? [...new Set(words(query.q))] : [];
  if (query.q?.trim() && qWords.length === 0) return null;
  const filters: string[] = [];
  const values: Record<string, string | number | boolean> = {};
  qWords.forEach((w, i) => {
    filters.push(`contains(searchText, :w${i})`);
    values[`:w${i}`] = ` ${w}`;
  });
  if (query.subject) { filters.push('subject = :subject'); values[':subject'] = query.subject; }
  if (query.level) { filters.push('#level = :level'); values[':level'] = query.level; }
  if (query.price === 'free') filters.push('(attribute_not_exists(priceMinor) OR priceMinor = :zero)');
  if (query.price === 'paid') filters.push('priceMinor > :zero');
  if (query.price) values[':zero'] = 0;
  if (query.duration) {
    const band = DURATION_BANDS[query.duration];
    filters.push('durationWeeks BETWEEN :dmin AND :dmax');
    values[':dmin'] = band.min;
    values[':dmax'] = band.max;
  }
  if (query.program) { filters.push('certificationProgram = :program'); values[':program'] = true; }
  const partition = query.category ? categoryPartition(query.category) : ALL_PUBLISHED_PARTITION;
  const listId = JSON.stringify([
    partition, qWords, query.subject ?? '', query.level ?? '', query.price ?? '', query.duration ?? '', ...(query.program ? ['program'] : []),
  ]);
  return { index: query.category ? 'gsi3' : 'gsi1', partition, filters, values, listId };
}

/** Whether a course's fields pass a plan's non-text filters (the same rules, for unit tests and the seed check). */
export function matchesFilters(
  course: { searchText: string; subject: string; level: string; priceMinor: number | null; durationWeeks: number; certificationProgram?: boolean },
  query: CatalogueFilters,
): boolean {
  if (query.program && !course.certificationProgram) return false;
  const qWords = query.q ? words(query.q) : [];
  if (!qWords.every((w) => course.searchText.includes(` ${w}`))) return false;
  if (query.subject && course.subject !== query.subject) return false;
  if (query.level && course.level !== query.level) return false;
  if (query.price === 'free' && !isFree(course.priceMinor)) return false;
  if (query.price === 'paid' && isFree(course.priceMinor)) return false;
  if (query.duration) {
    const band = DURATION_BANDS[query.duration];
    if (course.durationWeeks < band.min || course.durationWeeks > band.max) return false;
  }
  return true;
}
