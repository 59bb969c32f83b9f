/** /browse-tutors filters live in the URL (?q=&subject=&level=) so a search can be shared. */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { LEVELS, type Level } from '../../../../functions/tutors/catalog';
import type { BrowseQuery } from '../../../../functions/tutors/contract';

export interface BrowseFilters {
  q: string;
  subject: string;
  level: Level | '';
}

export const NO_FILTERS: BrowseFilters = { q: '', subject: '', level: '' };

const isLevel = (value: string): value is Level => (LEVELS as readonly string[]).includes(value);

/** Reads the filters; an unknown level is ignored, text is capped like the API (80 / 60). */
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  const level = params.get('level') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 80),
    subject: (params.get('subject') ?? '').trim().slice(0, 60),
    level: isLevel(level) ? level : '',
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
  Boolean(filters.q.trim() || filters.subject || filters.level);

/** GET /api/tutors query: trimmed filters (empty ones left out), the page cursor and size. */
export function browseQuery(filters: BrowseFilters, cursor?: string, limit = 12): BrowseQuery {
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.subject ? { subject: filters.subject } : {}),
    ...(filters.level ? { level: filters.level } : {}),
    ...(cursor ? { cursor } : {}),
    limit,
  };
}
