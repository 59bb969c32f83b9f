/**
 * Names the tutor-page consumer shares with the infrastructure that serves and permits its files
 * (infra/aws/constructs/grants.ts, the local gateway).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../events/shared/language.js';
import { PRERENDERED_PAGES, prerenderedFile, SUBJECT_PAGES_FOLDER } from '../../infra/aws/prerendered-pages.js';

/**
 * The web bucket's keys the tutor-page consumer writes and deletes (the grant's resources): the
 * tutors' pages and share images, and the subject pages they are listed on.
 */
export const SITE_PAGE_KEYS = ['pages/tutor-profile/*', 'share/tutor/*', `${SUBJECT_PAGES_FOLDER.slice(1)}*`] as const;

/** The course catalogue's own file in `language` (/course-dashboard with its first page of courses). */
export const catalogueFile = (language: Language): string => prerenderedFile(PRERENDERED_PAGES['/course-dashboard']!, language);

/**
 * What the course-page consumer writes and deletes (web:course-pages): the courses' pages and share
 * images, and the catalogue's file in each language (named exactly, never the rest of pages/).
 */
export const COURSE_PAGE_KEYS: readonly string[] = [
  'pages/courses/*', 'share/course/*', ...LANGUAGES.map((language) => catalogueFile(language).slice(1)),
];

/** The CloudFront distribution to invalidate after a write; unset locally (nothing to invalidate). */
export const DISTRIBUTION_ID_ENV = 'WEB_DISTRIBUTION_ID';

/**
 * CloudFront's KeyValueStore of rendered and gone record pages (its ARN), which the viewer-request
 * function reads; locally the emulated store's (infra/local).
 */
export const RECORD_STORE_ARN_ENV = 'RECORD_PAGES_STORE_ARN';

/** Where the renderer (the web build's Node build of prerender.tsx) and the shells it fills are; see renderer.ts. */
export const RENDERER_DIR_ENV = 'PAGE_RENDERER_DIR';

/** A tutor's share image (og:image), one per language: /share/tutor/{id}.png, /share/tutor/{id}.sw.png. */
export function tutorShareImage(tutorId: string, language: Language): string {
  return `/share/tutor/${tutorId}${language === DEFAULT_LANGUAGE ? '' : `.${language}`}.png`;
}

/** A course's share image (og:image), one per language: /share/course/{id}.png, /share/course/{id}.sw.png. */
export function courseShareImage(courseId: string, language: Language): string {
  return `/share/course/${courseId}${language === DEFAULT_LANGUAGE ? '' : `.${language}`}.png`;
}

/** The files a function that draws share images (share-image.ts) needs beside its bundle (project-relative). */
export const SHARE_IMAGE_FILES = [
  'node_modules/@resvg/resvg-wasm/index_bg.wasm',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
] as const;
