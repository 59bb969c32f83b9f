import { describe, expect, it } from 'vitest';
import { browseQueryString, filtersFromParams, hasFilters, withFilters } from './browse-params';

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
    expect(browseQueryString({ q: '  ma ', subject: 'Mathematics', level: '' }, 'abc', 12)).toBe(
      'q=ma&subject=Mathematics&cursor=abc&limit=12',
    );
    expect(browseQueryString({ q: '', subject: '', level: 'university' })).toBe('level=university&limit=12');
    expect(hasFilters({ q: ' ', subject: '', level: '' })).toBe(false);
    expect(hasFilters({ q: '', subject: '', level: 'primary' })).toBe(true);
  });
});
