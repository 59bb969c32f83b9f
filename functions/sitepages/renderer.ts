/**
 * The page renderer and the shells it fills: the web build's Node build of frontend/src/prerender.tsx
 * (.local/prerender/prerender.mjs) and the built preloading shells of /tutor-profile/ in each language.
 *
 * Where: PAGE_RENDERER_DIR if set (a folder holding prerender.mjs, pages/tutor-profile*.html,
 * pages/course*.html, pages/course-dashboard*.html and pages/browse-tutors*.html: the self-contained renderer the web build
 * makes, frontend/page-renderer-build.ts, which the page consumers' Lambda assets carry; a relative
 * path is the asset's, under LAMBDA_TASK_ROOT), else the project's own build (.local/prerender and
 * ALP_WEB_DIST or frontend/dist), as locally.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES, type Language } from '../../events/shared/language.js';
import { PRELOADING_SHELLS, PRERENDERED_PAGES, prerenderedFile } from '../../infra/aws/prerendered-pages.js';
import type { CatalogueResponse, CourseDetail } from '../courses/contract.js';
import type { BrowseResponse, PublicTutorProfile } from '../tutors/contract.js';
import { catalogueFile, RENDERER_DIR_ENV } from './files.js';

export interface PageRenderer {
  renderTutorPage: (tutor: PublicTutorProfile, language: Language, shell: string, origin: string, shareImage?: string) => Promise<string>;
  renderCoursePage: (course: CourseDetail, language: Language, shell: string, origin: string, shareImage?: string) => Promise<string>;
  renderCourseDashboard: (firstPage: CatalogueResponse, language: Language, template: string, origin: string) => Promise<string>;
  renderSubjectPage: (path: string, firstPage: BrowseResponse, language: Language, template: string, origin: string) => Promise<string>;
  /** The preloading shells of /tutor-profile/ (`shells`, as before) and /courses/, and the catalogue's build-time file. */
  shells: Record<Language, string>;
  courseShells: Record<Language, string>;
  catalogueTemplates: Record<Language, string>;
  /** The browse page's build-time file, which the subject pages are rendered into. */
  browseTemplates: Record<Language, string>;
}

let loaded: Promise<PageRenderer> | undefined;

/** Loaded once per process: the renderer keeps React, the router and the catalogs warm between tutors. */
export function pageRenderer(): Promise<PageRenderer> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function load(): Promise<PageRenderer> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const setting = process.env[RENDERER_DIR_ENV];
  const own = setting ? resolve(process.env.LAMBDA_TASK_ROOT ?? process.cwd(), setting) : undefined;
  const rendererFile = own ? join(own, 'prerender.mjs') : join(root, '.local/prerender/prerender.mjs');
  const shellDir = own ?? resolve(process.env.ALP_WEB_DIST ?? join(root, 'frontend', 'dist'));
  const module = (await import(pathToFileURL(rendererFile).href)) as Pick<PageRenderer, 'renderTutorPage' | 'renderCoursePage' | 'renderCourseDashboard' | 'renderSubjectPage'>;
  const perLanguage = async (file: (language: Language) => string) => Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) =>
    [language, await readFile(join(shellDir, file(language)), 'utf8')] as const))) as Record<Language, string>;
  const [shells, courseShells, catalogueTemplates, browseTemplates] = await Promise.all([
    perLanguage((language) => prerenderedFile(PRELOADING_SHELLS['/tutor-profile/']!, language)),
    perLanguage((language) => prerenderedFile(PRELOADING_SHELLS['/courses/']!, language)),
    perLanguage(catalogueFile),
    perLanguage((language) => prerenderedFile(PRERENDERED_PAGES['/browse-tutors']!, language)),
  ]);
  return {
    renderTutorPage: inTurn(module.renderTutorPage), renderCoursePage: inTurn(module.renderCoursePage),
    renderCourseDashboard: inTurn(module.renderCourseDashboard), renderSubjectPage: inTurn(module.renderSubjectPage),
    shells, courseShells, catalogueTemplates, browseTemplates,
  };
}

/** The render running now, or the last one: the next waits for it. */
let turn: Promise<unknown> = Promise.resolve();

/**
 * The renderer holds one query cache and one active language for its whole process, and a render
 * awaits (the language's catalogs, React's prerender): two at once would mix their records and
 * languages (a batch of events, or the local event runner, renders side by side). So they take turns.
 */
function inTurn<Args extends unknown[]>(render: (...args: Args) => Promise<string>): (...args: Args) => Promise<string> {
  return (...args) => {
    const mine = turn.then(() => render(...args));
    turn = mine.catch(() => undefined);
    return mine;
  };
}
