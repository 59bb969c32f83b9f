/**
 * The sitemap protocol (sitemaps.org 0.9) and robots.txt, as text. Pure, so every rule here is a
 * unit test: escaping, lastmod only where a real time is known, at most 50,000 URLs a file.
 */

/** The protocol's limit of URLs in one sitemap file (and of sitemaps in one index). */
export const MAX_URLS_PER_SITEMAP = 50_000;

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** When the page's record last changed (ISO 8601); absent when not known, never "now". */
  lastmod?: string;
}

export interface SitemapRef {
  loc: string;
  lastmod?: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The five XML entities the protocol requires escaped in a URL. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** W3C datetime as sitemaps take it: the instant in UTC, seconds precision; undefined for a non-date. */
export function lastmodOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function entry(tag: 'url' | 'sitemap', item: SitemapUrl): string {
  const lastmod = lastmodOf(item.lastmod);
  return `  <${tag}><loc>${escapeXml(item.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>\n`;
}

/**
 * One sitemap file. No xhtml:link language alternates: English and Kiswahili are the same URL
 * (the language is the visitor's cookie or Accept-Language, infra/aws/prerendered-pages.ts), and
 * an alternate pointing at the page itself tells a search engine nothing.
 */
export function urlset(urls: readonly SitemapUrl[]): string {
  if (urls.length > MAX_URLS_PER_SITEMAP) throw new Error(`A sitemap holds at most ${MAX_URLS_PER_SITEMAP} URLs, got ${urls.length}`);
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => entry('url', u)).join('')}</urlset>\n`;
}

/** The sitemap index (/sitemap.xml): each sitemap with the newest lastmod of its URLs. */
export function sitemapIndex(sitemaps: readonly SitemapRef[]): string {
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.map((s) => entry('sitemap', s)).join('')}</sitemapindex>\n`;
}

/** The newest of the URLs' lastmods (ISO strings of one format compare as text), if any has one. */
export function newestLastmod(urls: readonly SitemapUrl[]): string | undefined {
  let newest: string | undefined;
  for (const u of urls) {
    const at = lastmodOf(u.lastmod);
    if (at && (!newest || at > newest)) newest = at;
  }
  return newest;
}

/** Splits a list into sitemap-sized files: name.xml, name-2.xml, … (always at least the first, maybe empty). */
export function chunkSitemap(name: string, urls: readonly SitemapUrl[]): Array<{ file: string; urls: SitemapUrl[] }> {
  const files: Array<{ file: string; urls: SitemapUrl[] }> = [];
  for (let i = 0; i === 0 || i < urls.length; i += MAX_URLS_PER_SITEMAP) {
    const n = i / MAX_URLS_PER_SITEMAP + 1;
    files.push({ file: `sitemaps/${name}${n === 1 ? '' : `-${n}`}.xml`, urls: urls.slice(i, i + MAX_URLS_PER_SITEMAP) });
  }
  return files;
}

/** Paths no crawler should walk: signed-in areas, admin, the API, payment callbacks, live rooms. */
export const DISALLOWED_PATHS = [
  '/api/', '/cognito', '/auth', '/dashboard', '/student-dashboard', '/parent-dashboard', '/tutor-dashboard', '/tutor-availability',
  '/super-admin-dashboard', '/admin-dashboard', '/two-step-setup', '/admin-enrolment', '/my-bookings', '/my-children', '/join-family',
  '/parent-approval', '/payment-callback', '/account/', '/live-tutoring/', '/ai-learning', '/ai-study-assistant', '/app/',
  '/book-tutor/', '/pay/', '/messages',
] as const;

/** robots.txt: everything public may be crawled, except the paths above; the sitemap index by absolute URL. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
