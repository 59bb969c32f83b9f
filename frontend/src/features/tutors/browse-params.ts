/**
 * /browse-tutors filters live in the URL (?q=&subject=&level=&grade=&curriculum=&sort=&minPrice=&maxPrice=)
 * so a search can be shared.
 */
import { BROWSE_SORTS, LEVELS, MAX_HOURLY_RATE, type BrowseSort, type Level } from '@functions/tutors/catalog';
import type { BrowseQuery } from '@functions/tutors/contract';
import { gradeById, isCurriculum, type Curriculum } from '@functions/households/grades-catalog';

export interface BrowseFilters {
  q: string;
  subject: string;
  level: Level | '';
  /** A grade of the catalog (cbc-grade-7); its curriculum is then always its own. */
  grade: string;
  curriculum: Curriculum | '';
  /** '' is the recommended order. */
  sort: BrowseSort | '';
  /** Whole KES as typed; '' for no bound. */
  minPrice: string;
  maxPrice: string;
}

export const NO_FILTERS: BrowseFilters = { q: '', subject: '', level: '', grade: '', curriculum: '', sort: '', minPrice: '', maxPrice: '' };

/**
 * A subject or grade page's filters: its listing's query key, the same in the page and in its
 * rendered HTML's record (frontend/src/prerender.tsx), so the page hydrates with that record.
 */
export const subjectPageFilters = (page: { subject: string; exam?: { curriculum: Curriculum }; grade?: { id: string } }): BrowseFilters =>
  ({ ...NO_FILTERS, subject: page.subject, curriculum: page.exam?.curriculum ?? '', grade: page.grade?.id ?? '' });

const isLevel = (value: string): value is Level => (LEVELS as readonly string[]).includes(value);
const isSort = (value: string): value is BrowseSort => (BROWSE_SORTS as readonly string[]).includes(value) && value !== 'recommended';
/** A whole number of shillings the API accepts, as text; anything else is no bound. */
const price = (value: string | null) => {
  const n = Number(value?.trim());
  return value?.trim() && Number.isInteger(n) && n >= 0 && n <= MAX_HOURLY_RATE ? String(n) : '';
};

/**
 * Reads the filters; the level in any case; an unknown level, grade, curriculum or order and a
 * price that is not a whole number are ignored, text is capped like the API. A grade brings its
 * own curriculum (a link saying another one is read as the grade's: the API would refuse the pair).
 */
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  // Levels are lower case; a hand-written or shared link may say "Primary".
  const level = (params.get('level') ?? '').toLowerCase();
  const sort = params.get('sort') ?? '';
  const grade = gradeById((params.get('grade') ?? '').trim().toLowerCase());
  const curriculum = (params.get('curriculum') ?? '').trim().toLowerCase();
  return {
    q: (params.get('q') ?? '').slice(0, 80),
    subject: (params.get('subject') ?? '').trim().slice(0, 60),
    level: isLevel(level) ? level : '',
    grade: grade?.id ?? '',
    curriculum: grade?.curriculum ?? (isCurriculum(curriculum) ? curriculum : ''),
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
  Boolean(filters.q.trim() || filters.subject || filters.level || filters.grade || filters.curriculum || filters.minPrice || filters.maxPrice);

/** Why a typed price bound cannot be applied (a message key of the browse catalog). */
export type PriceProblem = 'price.negative' | 'price.notWhole' | 'price.tooHigh' | 'price.reversed';

/**
 * The problems of the price bounds as typed, by field: a negative, fractional or too high
 * amount, or a To below the From (reported on To). The form applies the range only without any.
 */
export function priceProblems(prices: Pick<BrowseFilters, 'minPrice' | 'maxPrice'>): Partial<Record<'minPrice' | 'maxPrice', PriceProblem>> {
  const problems: Partial<Record<'minPrice' | 'maxPrice', PriceProblem>> = {};
  for (const end of ['minPrice', 'maxPrice'] as const) {
    const text = prices[end].trim();
    if (!text) continue;
    const n = Number(text);
    if (Number.isNaN(n)) problems[end] = 'price.notWhole';
    else if (n < 0) problems[end] = 'price.negative';
    else if (!Number.isInteger(n)) problems[end] = 'price.notWhole';
    else if (n > MAX_HOURLY_RATE) problems[end] = 'price.tooHigh';
  }
  const [min, max] = [prices.minPrice.trim(), prices.maxPrice.trim()];
  if (!problems.minPrice && !problems.maxPrice && min && max && Number(min) > Number(max)) problems.maxPrice = 'price.reversed';
  return problems;
}

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
    ...(filters.grade ? { grade: filters.grade } : {}),
    ...(filters.curriculum ? { curriculum: filters.curriculum } : {}),
    // A text search keeps its own order (the API ignores sort with q).
    ...(filters.sort && !q ? { sort: filters.sort } : {}),
    ...priceRange(filters),
    ...(cursor ? { cursor } : {}),
    limit,
  };
}
