/** The catalogue's filters as URL search parameters (so a filtered list can be shared and reloaded). */
import {
  COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SUBJECTS, DURATION_BANDS, PRICE_FILTERS, type CourseCategory, type CourseLevel,
  type CourseSubject, type DurationBand, type PriceFilter,
} from '@functions/courses/catalog';

export interface CatalogueFilters {
  q: string;
  category: CourseCategory | '';
  subject: CourseSubject | '';
  level: CourseLevel | '';
  price: PriceFilter | '';
  duration: DurationBand | '';
}

export const NO_FILTERS: CatalogueFilters = { q: '', category: '', subject: '', level: '', price: '', duration: '' };

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : '';

export function filtersFromParams(params: URLSearchParams): CatalogueFilters {
  return {
    q: (params.get('q') ?? '').slice(0, 80),
    category: pick(params.get('category'), COURSE_CATEGORIES),
    subject: pick(params.get('subject'), COURSE_SUBJECTS),
    level: pick(params.get('level'), COURSE_LEVELS),
    price: pick(params.get('price'), PRICE_FILTERS),
    duration: pick(params.get('duration'), Object.keys(DURATION_BANDS) as DurationBand[]),
  };
}

/** The params with `change` applied; empty values are removed. */
export function withFilters(params: URLSearchParams, change: Partial<CatalogueFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** How many of the More Filters are set (shown on the button). */
export const moreFiltersCount = (f: CatalogueFilters) => [f.subject, f.level, f.price, f.duration].filter(Boolean).length;
