/** /browse-tutors filters live in the URL (?q=&subject=&level=) so a search can be shared. */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { LEVELS, type Level } from '../../../../functions/tutors/catalog';

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

/** GET /api/tutors query string: trimmed filters, the page cursor and size. */
export function browseQueryString(filters: BrowseFilters, cursor?: string, limit = 12): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.subject) params.set('subject', filters.subject);
  if (filters.level) params.set('level', filters.level);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return params.toString();
}
