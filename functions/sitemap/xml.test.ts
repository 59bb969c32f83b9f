import { describe, expect, it } from 'vitest';
import { sitemapFiles, STATIC_PATHS } from './service.js';
import { chunkSitemap, escapeXml, lastmodOf, MAX_URLS_PER_SITEMAP, robotsTxt, sitemapIndex, urlset } from './xml.js';

const ORIGIN = 'https://alp.example';

describe('sitemap XML', () => {
  it('escapes the five XML entities in a URL', () => {
    expect(escapeXml(`https://a.example/x?a=1&b='2'<"3">`)).toBe('https://a.example/x?a=1&amp;b=&apos;2&apos;&lt;&quot;3&quot;&gt;');
    expect(urlset([{ loc: 'https://a.example/?q=a&b' }])).toContain('<loc>https://a.example/?q=a&amp;b</loc>');
  });

  it('writes lastmod only from a real time, as UTC to the second', () => {
    expect(lastmodOf('2026-11-20T08:15:30.123+03:00')).toBe('2026-11-20T05:15:30Z');
    expect(lastmodOf(undefined)).toBeUndefined();
    expect(lastmodOf('not a date')).toBeUndefined();
    const xml = urlset([{ loc: `${ORIGIN}/a`, lastmod: '2026-11-20T05:15:30.000Z' }, { loc: `${ORIGIN}/b` }]);
    expect(xml).toContain(`<url><loc>${ORIGIN}/a</loc><lastmod>2026-11-20T05:15:30Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/b</loc></url>`);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  });

  it('an index names each sitemap with its lastmod', () => {
    const xml = sitemapIndex([{ loc: `${ORIGIN}/sitemaps/tutors.xml`, lastmod: '2026-11-21T00:00:00Z' }, { loc: `${ORIGIN}/sitemaps/static.xml` }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/tutors.xml</loc><lastmod>2026-11-21T00:00:00Z</lastmod></sitemap>`);
    expect(xml).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/static.xml</loc></sitemap>`);
  });

  it('splits past 50,000 URLs into numbered files and refuses a bigger single file', () => {
    const urls = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, i) => ({ loc: `${ORIGIN}/t/${i}` }));
    expect(chunkSitemap('tutors', urls).map((c) => [c.file, c.urls.length])).toEqual([
      ['sitemaps/tutors.xml', MAX_URLS_PER_SITEMAP], ['sitemaps/tutors-2.xml', 1],
    ]);
    expect(chunkSitemap('courses', []).map((c) => c.file)).toEqual(['sitemaps/courses.xml']);
    expect(() => urlset(urls)).toThrow(/at most 50000/);
  });

  it('robots.txt allows the public pages, keeps crawlers out of accounts, admin and the API, and names the index absolutely', () => {
    const robots = robotsTxt(ORIGIN);
    expect(robots).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/api/', '/admin-dashboard', '/super-admin-dashboard', '/account/', '/my-bookings', '/pay/']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toMatch(/Disallow: \/(tutor-profile|courses|browse-tutors|tutors)\b/);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe('sitemapFiles', () => {
  const files = sitemapFiles(ORIGIN,
    [{ id: 't1', updatedAt: '2026-11-02T10:00:00.000Z' }, { id: 't2' }],
    [{ id: 'c1', updatedAt: '2026-11-25T09:00:00.000Z' }]);

  it('one sitemap each for tutors, courses and static pages, one URL per page (both languages share it)', () => {
    expect([...files.keys()].sort()).toEqual(['robots.txt', 'sitemap.xml', 'sitemaps/courses.xml', 'sitemaps/static.xml', 'sitemaps/tutors.xml']);
    const tutors = files.get('sitemaps/tutors.xml')!;
    expect(tutors).toContain(`<url><loc>${ORIGIN}/tutor-profile/t1</loc><lastmod>2026-11-02T10:00:00Z</lastmod></url>`);
    expect(tutors).toContain(`<url><loc>${ORIGIN}/tutor-profile/t2</loc></url>`);
    expect(tutors).not.toContain('xhtml:link');
    expect(files.get('sitemaps/courses.xml')).toContain(`<loc>${ORIGIN}/courses/c1</loc><lastmod>2026-11-25T09:00:00Z</lastmod>`);
    const statics = files.get('sitemaps/static.xml')!;
    for (const path of ['/', '/browse-tutors', '/course-dashboard', '/tutors/mathematics', '/tutors/kcse-chemistry', '/tutors/kcse-chemistry/844-form-4', '/tutors/cbc-mathematics/cbc-grade-1']) {
      expect(STATIC_PATHS).toContain(path);
      expect(statics).toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    expect(statics).not.toContain('<lastmod>');
    // Grade pages sit under exam pages only, with that curriculum's school grades (no pre-primary).
    expect(statics).not.toContain('/tutors/mathematics/');
    expect(statics).not.toContain('/tutors/kcse-chemistry/cbc-');
    expect(statics).not.toContain('cbc-pp1');
  });

  it('the index dates each sitemap by its newest record', () => {
    const index = files.get('sitemap.xml')!;
    expect(index).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/tutors.xml</loc><lastmod>2026-11-02T10:00:00Z</lastmod></sitemap>`);
    expect(index).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/courses.xml</loc><lastmod>2026-11-25T09:00:00Z</lastmod></sitemap>`);
    expect(index).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/static.xml</loc></sitemap>`);
  });
});
