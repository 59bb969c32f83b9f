/**
 * Public pages whose HTML is prerendered at build time (frontend/src/prerender.tsx), in each
 * language: the path a visitor opens → the file in the web build that answers it. Read by the
 * build, by CloudFront's viewer-request function (infra/aws/constructs/web.ts) and by the local
 * gateway, so all three agree. Every other extension-less path gets index.html, the empty SPA shell.
 *
 * Which language's HTML a visitor gets (a Kiswahili visitor never sees English first):
 * the `alp-language` cookie the SPA writes when a language is chosen, else the first supported
 * language of the browser's Accept-Language, else English (the same rule as the SPA's own start,
 * shared/i18n/language.ts).
 */
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '../../events/shared/language.js';

export { LANGUAGE_COOKIE };

export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/pages/home.html',
  '/browse-tutors': '/pages/browse-tutors.html',
  '/course-dashboard': '/pages/course-dashboard.html',
  '/auth': '/pages/auth.html',
};

/**
 * Pages made per record, so not prerendered, whose HTML still preloads the page's own chunk and
 * CSS (no entry → route chunk waterfall): a path prefix whose next segment is the record
 * (e.g. /tutor-profile/{id}) → the shell file, in each language like the prerendered pages.
 */
export const PRELOADING_SHELLS: Readonly<Record<string, string>> = {
  '/tutor-profile/': '/pages/tutor-profile.html',
  '/courses/': '/pages/course.html',
};

/**
 * Pages made per record (functions/sitepages renders them when the record changes): a path prefix of
 * PRELOADING_SHELLS whose record has its own file → the folder of those files, one per record and
 * language (/tutor-profile/{id} → /pages/tutor-profile/{id}.html, .sw.html). Served when it exists,
 * else the shell; a record that stopped being public leaves a `.gone` marker and its path answers 410.
 */
export const RECORD_PAGES: Readonly<Record<string, string>> = {
  '/tutor-profile/': '/pages/tutor-profile/',
  '/courses/': '/pages/courses/',
};

/**
 * Prerendered pages whose build-time file (in its loading state) is rewritten with data in the web
 * bucket, at the same key, by functions/sitepages: /course-dashboard with its first page of courses.
 * A deployment puts the build's file back until the rebuild script (infra/scripts/render-pages.ts) runs.
 */
export const DATA_RENDERED_PAGES: readonly string[] = ['/course-dashboard'];

/**
 * The subject and grade landing pages (/tutors/{subject}, /tutors/{exam-subject}/{grade}), rendered
 * with their first page of tutors by functions/sitepages when a tutor on them changes, into this
 * folder: /tutors/kcse-chemistry/844-form-4 → /pages/tutors/kcse-chemistry/844-form-4.html (.sw.html).
 * Served once rendered (on AWS: its `subject:` key in the store says `page`; locally: the file exists),
 * else the SPA's empty shell, as before they were rendered.
 */
export const SUBJECT_PAGES_FOLDER = '/pages/tutors/';
/** A subject or grade page's path: the part after /tutors/ names its file and its store key (the viewer-request function runs it too). */
export const SUBJECT_PAGE_PATH = /^\/tutors\/([a-z0-9-]{1,64})(\/[a-z0-9-]{1,32})?$/;

/** The part of a subject or grade page's path after /tutors/ (kcse-chemistry/844-form-4); none for another path. */
const subjectPageName = (pathname: string): string | undefined => {
  const match = SUBJECT_PAGE_PATH.exec(pathname);
  return match ? `${match[1]}${match[2] ?? ''}` : undefined;
};

/** The rendered file of a subject or grade page's path, in a language; none for another path. */
export function subjectPageFileFor(pathname: string, language: Language = DEFAULT_LANGUAGE): string | undefined {
  const name = subjectPageName(pathname);
  return name ? prerenderedFile(`${SUBJECT_PAGES_FOLDER}${name}.html`, language) : undefined;
}

/**
 * The page renderer for Lambda (frontend/page-renderer-build.ts): written by the web build into this
 * project-relative folder, copied by the CDK stack into the page consumers' assets as
 * PAGE_RENDERER_ASSET_DIR (their PAGE_RENDERER_DIR). Its entry module is PAGE_RENDERER_ENTRY.
 */
export const PAGE_RENDERER_BUILD_DIR = '.local/page-renderer';
export const PAGE_RENDERER_ASSET_DIR = 'prerender';
export const PAGE_RENDERER_ENTRY = 'prerender.mjs';

/** Ids a record file may be named by: anything else (a mistyped link) gets the shell, never a file lookup. */
export const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * CloudFront's KeyValueStore of rendered and gone records (the viewer-request function cannot look
 * into S3): a path prefix of RECORD_PAGES → the kind its keys start with, `tutor:{id}` / `course:{id}`.
 * The page consumers write the value after the files (functions/sitepages/record-store.ts).
 */
export const RECORD_STORE_KINDS: Readonly<Record<string, string>> = {
  '/tutor-profile/': 'tutor',
  '/courses/': 'course',
};

/**
 * The kind of a subject or grade page's key: `subject:{subject}` / `subject:{subject}/{grade}`, the
 * path after /tutors/ (at most 8 + 64 + 1 + 32 bytes, far below the store's 512). Only ever `page`:
 * a page whose last tutor left is rendered saying so, never removed.
 */
export const SUBJECT_STORE_KIND = 'subject';

/** What a record's key holds: its files are rendered, or it stopped being public (410). */
export const RECORD_STORE_VALUES = { page: 'page', gone: 'gone' } as const;
export type RecordStoreValue = (typeof RECORD_STORE_VALUES)[keyof typeof RECORD_STORE_VALUES];

/**
 * The store's key of a record's path (`tutor:{id}`) or of a subject or grade page's (`subject:kcse-chemistry/844-form-4`);
 * none for a path of neither or an id outside RECORD_ID.
 */
export function recordStoreKey(pathname: string): string | undefined {
  const subject = subjectPageName(pathname);
  if (subject) return `${SUBJECT_STORE_KIND}:${subject}`;
  const prefix = Object.keys(RECORD_STORE_KINDS).find((p) => pathname.startsWith(p));
  const id = prefix && pathname.slice(prefix.length);
  return prefix && id && RECORD_ID.test(id) ? `${RECORD_STORE_KINDS[prefix]}:${id}` : undefined;
}

/** The record's own page for a path, in a language, and its removal marker; none for a path of no record page. */
export function recordFilesFor(pathname: string, language: Language = DEFAULT_LANGUAGE): { page: string; gone: string } | undefined {
  const prefix = Object.keys(RECORD_PAGES).find((p) => pathname.startsWith(p));
  const id = prefix && pathname.slice(prefix.length);
  if (!prefix || !id || !RECORD_ID.test(id)) return undefined;
  const folder = RECORD_PAGES[prefix]!;
  return { page: prerenderedFile(`${folder}${id}.html`, language), gone: `${folder}${id}.gone` };
}

/** "/pages/home.html" in Kiswahili is "/pages/home.sw.html"; English keeps the plain name. */
export function prerenderedFile(file: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? file : file.replace(/\.html$/, `.${language}.html`);
}

/**
 * The files the page renderer fills (functions/sitepages/renderer.ts), beside it in its folder: the
 * record shells, the catalogue's page and the browse page's, every language (bucket-relative, e.g. pages/tutor-profile.sw.html).
 */
export const PAGE_RENDERER_SHELLS: readonly string[] = [
  PRELOADING_SHELLS['/tutor-profile/']!, PRELOADING_SHELLS['/courses/']!, PRERENDERED_PAGES['/course-dashboard']!,
  // The subject pages are rendered into the browse page's file: the same tutor cards, CSS and chunks.
  PRERENDERED_PAGES['/browse-tutors']!,
]
  .flatMap((file) => LANGUAGES.map((language) => prerenderedFile(file, language).slice(1)));

/** Every prerendered file, all languages: what a deployment invalidates. */
export const PRERENDERED_FILES: readonly string[] = [...Object.values(PRERENDERED_PAGES), ...Object.values(PRELOADING_SHELLS)].flatMap((file) =>
  LANGUAGES.map((language) => prerenderedFile(file, language)),
);

/**
 * The language of a page request: the URL's `?lang=` (a record page's hreflang alternate, shared/head/record-head.ts),
 * else the cookie, else Accept-Language (q-values ignored: browsers list by preference).
 */
export function requestLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined, urlLanguage?: string | null): Language {
  if (urlLanguage && (LANGUAGES as readonly string[]).includes(urlLanguage)) return urlLanguage as Language;
  const cookie = cookieHeader?.split(';').map((part) => part.trim().split('=')).find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (cookie && (LANGUAGES as readonly string[]).includes(cookie)) return cookie as Language;
  return pickLanguage((acceptLanguage ?? '').split(',').filter(Boolean));
}

/** The file of the web build that answers an extension-less (SPA) path, in the visitor's language. */
export function spaFileFor(pathname: string, language: Language = DEFAULT_LANGUAGE): string {
  const file = PRERENDERED_PAGES[pathname] ?? shellFor(pathname);
  return file ? prerenderedFile(file, language) : '/index.html';
}

/** The preloading shell of a path: its prefix followed by exactly one non-empty segment. */
function shellFor(pathname: string): string | undefined {
  const prefix = Object.keys(PRELOADING_SHELLS).find((p) => pathname.startsWith(p));
  const rest = prefix && pathname.slice(prefix.length);
  return prefix && rest && !rest.includes('/') ? PRELOADING_SHELLS[prefix] : undefined;
}
