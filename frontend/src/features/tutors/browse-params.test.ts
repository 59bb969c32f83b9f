import { describe, expect, it } from 'vitest';
import { routeCall } from '@functions/client';
import { browseQuery, filtersFromParams, hasFilters, NO_FILTERS, priceProblems, withFilters } from './browse-params';

describe('/browse-tutors URL state', () => {
  it('reads q, subject and level; an unknown level is ignored', () => {
    expect(filtersFromParams(new URLSearchParams('q=otieno&subject=Physics&level=secondary'))).toEqual({
      q: 'otieno', subject: 'Physics', level: 'secondary', grade: '', curriculum: '', sort: '', minPrice: '', maxPrice: '',
    });
    expect(filtersFromParams(new URLSearchParams('level=wizard'))).toEqual(NO_FILTERS);
  });

  it('reads a catalog grade with its own curriculum, and a curriculum alone; unknown ones are ignored', () => {
    const read = (query: string) => {
      const { grade, curriculum } = filtersFromParams(new URLSearchParams(query));
      return { grade, curriculum };
    };
    expect(read('grade=cbc-grade-7')).toEqual({ grade: 'cbc-grade-7', curriculum: 'cbc' });
    expect(read('grade=CBC-Grade-7&curriculum=8-4-4')).toEqual({ grade: 'cbc-grade-7', curriculum: 'cbc' });
    expect(read('curriculum=IGCSE')).toEqual({ grade: '', curriculum: 'igcse' });
    expect(read('grade=grade-7&curriculum=montessori')).toEqual({ grade: '', curriculum: '' });
    expect(hasFilters(filtersFromParams(new URLSearchParams('curriculum=cbc')))).toBe(true);
    const url = routeCall('browseTutors', { query: browseQuery(filtersFromParams(new URLSearchParams('grade=844-form-2'))) }).url;
    expect(url).toBe('/api/tutors?grade=844-form-2&curriculum=8-4-4&limit=12');
  });

  it('reads the level whatever its case (a link may say Primary)', () => {
    expect(filtersFromParams(new URLSearchParams('level=Primary')).level).toBe('primary');
    expect(filtersFromParams(new URLSearchParams('level=UNIVERSITY')).level).toBe('university');
  });

  it('refuses a negative, fractional or too high price and a To below the From, saying which field', () => {
    expect(priceProblems({ minPrice: '1000', maxPrice: '3000' })).toEqual({});
    expect(priceProblems({ minPrice: '', maxPrice: '' })).toEqual({});
    expect(priceProblems({ minPrice: '-5', maxPrice: '' })).toEqual({ minPrice: 'price.negative' });
    expect(priceProblems({ minPrice: '', maxPrice: '-1' })).toEqual({ maxPrice: 'price.negative' });
    expect(priceProblems({ minPrice: '10.5', maxPrice: '' })).toEqual({ minPrice: 'price.notWhole' });
    expect(priceProblems({ minPrice: '', maxPrice: '60000' })).toEqual({ maxPrice: 'price.tooHigh' });
    expect(priceProblems({ minPrice: '3000', maxPrice: '1000' })).toEqual({ maxPrice: 'price.reversed' });
    expect(priceProblems({ minPrice: '1000', maxPrice: '1000' })).toEqual({});
  });

  it('writes filters back without empty ones, keeping other parameters', () => {
    const next = withFilters(new URLSearchParams('subject=Physics&utm=x'), { q: 'maths', subject: '', level: 'primary' });
    expect(next.toString()).toBe('utm=x&q=maths&level=primary');
    expect(withFilters(next, { q: '   ' }).has('q')).toBe(false);
  });

  it('builds the API query with trimmed text, cursor and page size', () => {
    const url = (query: ReturnType<typeof browseQuery>) => routeCall('browseTutors', { query }).url;
    expect(url(browseQuery({ ...NO_FILTERS, q: '  ma ', subject: 'Mathematics' }, 'abc', 12))).toBe(
      '/api/tutors?q=ma&subject=Mathematics&cursor=abc&limit=12',
    );
    expect(url(browseQuery({ ...NO_FILTERS, level: 'university' }))).toBe('/api/tutors?level=university&limit=12');
    expect(hasFilters({ ...NO_FILTERS, q: ' ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, level: 'primary' })).toBe(true);
  });

  it('carries the order and the price range in the URL and to the API', () => {
    const filters = filtersFromParams(new URLSearchParams('sort=price&minPrice=1000&maxPrice=abc'));
    expect(filters).toMatchObject({ sort: 'price', minPrice: '1000', maxPrice: '' });
    expect(filtersFromParams(new URLSearchParams('sort=loudest&minPrice=-5')).sort).toBe('');
    const url = (query: ReturnType<typeof browseQuery>) => routeCall('browseTutors', { query }).url;
    expect(url(browseQuery({ ...NO_FILTERS, sort: 'rating', minPrice: '3000', maxPrice: '1000' }))).toBe(
      '/api/tutors?sort=rating&minPrice=1000&maxPrice=3000&limit=12',
    );
    // A text search keeps its own order.
    expect(url(browseQuery({ ...NO_FILTERS, q: 'ma', sort: 'newest' }))).toBe('/api/tutors?q=ma&limit=12');
    expect(hasFilters({ ...NO_FILTERS, maxPrice: '900' })).toBe(true);
  });
});
