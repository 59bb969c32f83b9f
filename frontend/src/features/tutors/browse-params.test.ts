import { describe, expect, it } from 'vitest';
import { routeCall } from '../../../../functions/client';
import { browseQuery, filtersFromParams, hasFilters, withFilters } from './browse-params';

describe('/browse-tutors URL state', () => {
  it('reads q, subject and level; an unknown level is ignored', () => {
    expect(filtersFromParams(new URLSearchParams('q=otieno&subject=Physics&level=secondary'))).toEqual({
      q: 'otieno', subject: 'Physics', level: 'secondary',
    });
    expect(filtersFromParams(new URLSearchParams('level=wizard'))).toEqual({ q: '', subject: '', level: '' });
  });

  it('writes filters back without empty ones, keeping other parameters', () => {
    const next = withFilters(new URLSearchParams('subject=Physics&utm=x'), { q: 'maths', subject: '', level: 'primary' });
    expect(next.toString()).toBe('utm=x&q=maths&level=primary');
    expect(withFilters(next, { q: '   ' }).has('q')).toBe(false);
  });

  it('builds the API query with trimmed text, cursor and page size', () => {
    const url = (query: ReturnType<typeof browseQuery>) => routeCall('browseTutors', { query }).url;
    expect(url(browseQuery({ q: '  ma ', subject: 'Mathematics', level: '' }, 'abc', 12))).toBe(
      '/api/tutors?q=ma&subject=Mathematics&cursor=abc&limit=12',
    );
    expect(url(browseQuery({ q: '', subject: '', level: 'university' }))).toBe('/api/tutors?level=university&limit=12');
    expect(hasFilters({ q: ' ', subject: '', level: '' })).toBe(false);
    expect(hasFilters({ q: '', subject: '', level: 'primary' })).toBe(true);
  });
});
