/**
 * /browse-tutors filters live in the URL (?q=&subject=&level=&sort=&minPrice=&maxPrice=) so a
 * search can be shared.
 */
import { BROWSE_SORTS, LEVELS, MAX_HOURLY_RATE, type BrowseSort, type Level } from '@functions/tutors/catalog';
import type { BrowseQuery } from '@functions/tutors/contract';

export interface BrowseFilters {
  q: string;
  subject: string;
  level: Level | '';
  /** '' is the recommended order. */
  sort: BrowseSort | '';
  /** Whole KES as typed; '' for no bound. */
  minPrice: string;
  maxPrice: string;
}

export const NO_FILTERS: BrowseFilters = { q: '', subject: '', level: '', sort: '', minPrice: '', maxPrice: '' };

const isLevel = (value: string): value is Level => (LEVELS as readonly string[]).includes(value);
const isSort = (value: string): value is BrowseSort => (BROWSE_SORTS as readonly string[]).includes(value) && value !== 'recommended';
/** A whole number of shillings the API accepts, as text; anything else is no bound. */
const price = (value: string | null) => {
  const n = Number(value?.trim());
  return value?.trim() && Number.isInteger(n) && n >= 0 && n <= MAX_HOURLY_RATE ? String(n) : '';
};

/** Reads the filters; an unknown level or order and a price that is not a whole number are ignored, text is capped like the API. */
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  const level = params.get('level') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 80),
    subject: (params.get('subject') ?? '').trim().slice(0, 60),
    level: isLevel(level) ? level : '',
    sort: isSort(sort) ? sort : '',
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
  };
}

/** Writes the filters back, leaving empty ones out; other parameters are kept. */
export function withFilters(params: URLSearchParams, filters: Partial<BrowseFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(filters)) {
    if (value && value.trim()) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const hasFilters = (filters: BrowseFilters): boolean =>
  Boolean(filters.q.trim() || filters.subject || filters.level || filters.minPrice || filters.maxPrice);

/** A range whose ends are the wrong way round is read the right way round. */
function priceRange(filters: BrowseFilters): { minPrice?: number; maxPrice?: number } {
  const ends = [filters.minPrice, filters.maxPrice].map((v) => (v ? Number(v) : undefined));
  const [min, max] = ends[0] !== undefined && ends[1] !== undefined && ends[0] > ends[1] ? [ends[1], ends[0]] : ends;
  return { ...(min !== undefined ? { minPrice: min } : {}), ...(max !== undefined ? { maxPrice: max } : {}) };
}

/** GET /api/tutors query: trimmed filters (empty ones left out), the order, price range, page cursor and size. */
export function browseQuery(filters: BrowseFilters, cursor?: string, limit = 12): BrowseQuery {
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.subject ? { subject: filters.subject } : {}),
    ...(filters.level ? { level: filters.level } : {}),
    // A text search keeps its own order (the API ignores sort with q).
    ...(filters.sort && !q ? { sort: filters.sort } : {}),
    ...priceRange(filters),
    ...(cursor ? { cursor } : {}),
    limit,
  };
}
