/**
 * The sitemap job's work (docs/decisions/2026-11-28-sitemaps.md): rebuild robots.txt, the sitemap
 * index and its three sitemaps from the indexes of public records, and write them to the web
 * bucket. The rebuild's reads grow with the public tutors and published courses, never with the
 * whole table, and no user's write does any sitemap work.
 */
import { GRADE_PAGES, gradePagePath, SUBJECT_PAGES, subjectPagePath } from '../tutors/subject-pages-catalog.js';
import { publicTutors, publishedCourses, writeWebFile, type SitemapRecord } from './repository.js';
import { chunkSitemap, newestLastmod, robotsTxt, sitemapIndex, urlset, type SitemapUrl } from './xml.js';

/** The SPA's public addresses of a tutor and a course (frontend/src/shared/paths.ts). */
export const tutorPagePath = (id: string) => `/tutor-profile/${encodeURIComponent(id)}`;
export const coursePagePath = (id: string) => `/courses/${encodeURIComponent(id)}`;

/** Pages that are not records: home, browse, the course catalogue, the subject and grade pages. No lastmod (no record to date them by). */
export const STATIC_PATHS: readonly string[] = ['/', '/browse-tutors', '/course-dashboard', ...SUBJECT_PAGES.map((p) => subjectPagePath(p.slug)), ...GRADE_PAGES.map(gradePagePath)];

const recordUrls = (origin: string, records: readonly SitemapRecord[], path: (id: string) => string): SitemapUrl[] =>
  records.map((r) => ({ loc: `${origin}${path(r.id)}`, ...(r.updatedAt ? { lastmod: r.updatedAt } : {}) }));

/** The files of one rebuild (bucket key → body): pure apart from its input, so testable without AWS. */
export function sitemapFiles(origin: string, tutors: readonly SitemapRecord[], courses: readonly SitemapRecord[]): Map<string, string> {
  const files = new Map<string, string>();
  const sitemaps = [
    ...chunkSitemap('tutors', recordUrls(origin, tutors, tutorPagePath)),
    ...chunkSitemap('courses', recordUrls(origin, courses, coursePagePath)),
    ...chunkSitemap('static', STATIC_PATHS.map((p) => ({ loc: `${origin}${p}` }))),
  ];
  for (const s of sitemaps) files.set(s.file, urlset(s.urls));
  files.set('sitemap.xml', sitemapIndex(sitemaps.map((s) => {
    const lastmod = newestLastmod(s.urls);
    return { loc: `${origin}/${s.file}`, ...(lastmod ? { lastmod } : {}) };
  })));
  files.set('robots.txt', robotsTxt(origin));
  return files;
}

/**
 * Rebuilds and writes every file. The index is written last, so it never names a sitemap not yet
 * written. Safe to run twice or overlapping: each run writes a complete, consistent set.
 */
export async function rebuildSitemaps(origin: string): Promise<{ tutors: number; courses: number; files: number }> {
  const [tutors, courses] = await Promise.all([publicTutors(), publishedCourses()]);
  const files = sitemapFiles(origin.replace(/\/+$/, ''), tutors, courses);
  const { 'sitemap.xml': index, ...rest } = Object.fromEntries(files);
  for (const [key, body] of Object.entries(rest)) {
    await writeWebFile(key, body, key.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8');
  }
  await writeWebFile('sitemap.xml', index!, 'application/xml; charset=utf-8');
  return { tutors: tutors.length, courses: courses.length, files: files.size };
}
