/**
 * A course's own page (docs/decisions/2026-11-29-course-page-consumer.md): rendered, in every
 * language, with its share image, into the web bucket whenever what the course's public view shows
 * changed; a course no longer published leaves the `.gone` marker instead and its path answers 410.
 * The course catalogue's file (/course-dashboard) is rewritten with its first page of courses beside it.
 *
 * Idempotent, as the tutor's: the files are made from the course as stored now.
 */
import { LANGUAGES, type Language } from '../../events/shared/language.js';
import { recordFilesFor } from '../../infra/aws/prerendered-pages.js';
import { CatalogueQuery, type CourseDetail } from '../courses/contract.js';
import { catalogue, courseDetail, DEFAULT_CATALOGUE_PAGE } from '../courses/service.js';
import { config } from '../shared/config.js';
import { NotFound } from '../shared/errors.js';
import { catalogueFile, courseShareImage } from './files.js';
import { pageRenderer } from './renderer.js';
import { putRecordState, recordFilesInvalidation } from './record-store.js';
import { INDEX_SETTLE_MS, renderInTurn } from './render-lane.js';
import { deleteWebFiles, invalidatePaths, putWebFile } from './repository.js';
import { renderCourseShareImage } from './share-image.js';

export type CoursePageOutcome = 'rendered' | 'gone' | 'not_a_course' | 'already_newer' | 'queued';

const HTML = 'text/html; charset=utf-8';

/**
 * The course's page and the catalogue's, each in its turn (render-lane.ts), unless a render that
 * began after the change already read it (a burst renders once). `catalogue`: it was written now.
 */
export async function renderCoursePageAfter(courseId: string, changedAt: string): Promise<{ course: CoursePageOutcome; catalogue: boolean }> {
  const course = await renderInTurn({ courseId }, changedAt, (version) => writeCourseFiles(courseId, version));
  // The catalogue lists courses from an index, which follows a change a moment later.
  const catalogue = await renderInTurn('course-dashboard', changedAt, writeCatalogueFiles, INDEX_SETTLE_MS);
  return { course, catalogue: catalogue === true };
}

/** The published course as its public page shows it (what GET /api/courses/{id} answers); null once it is not published. */
async function publicCourse(courseId: string): Promise<CourseDetail | null> {
  try {
    return await courseDetail(courseId);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

function courseFiles(courseId: string) {
  const path = `/courses/${courseId}`;
  const pages = LANGUAGES.map((language) => ({ language, files: recordFilesFor(path, language), image: courseShareImage(courseId, language) }));
  if (pages.some((p) => !p.files)) return undefined;
  return { path, pages: pages as Array<{ language: Language; files: { page: string; gone: string }; image: string }> };
}

/**
 * Renders (or retires) the course's page and share images, then has the CDN drop its copies of
 * exactly those paths (every language). `version`: the change's time, naming the invalidation.
 */
async function writeCourseFiles(courseId: string, version: string): Promise<CoursePageOutcome> {
  const files = courseFiles(courseId);
  if (!files) return 'not_a_course';
  const course = await publicCourse(courseId);
  const invalidate = [`${files.path}*`, recordFilesInvalidation(files), `/share/course/${courseId}*`];
  if (!course) {
    // The marker first: from then on the path answers 410 whatever else is left.
    await putWebFile(files.pages[0]!.files.gone, 'Gone\n', 'text/plain; charset=utf-8');
    // The edge's lookup next (the viewer-request function cannot see the marker): 410 there too.
    await putRecordState(files.path, 'gone');
    await deleteWebFiles(files.pages.flatMap((p) => [p.files.page, p.image]));
    await invalidatePaths(invalidate, version);
    return 'gone';
  }
  const renderer = await pageRenderer();
  const tutorName = `${course.tutor.firstName} ${course.tutor.lastName}`.trim();
  for (const { language, files: { page }, image } of files.pages) {
    const png = await renderCourseShareImage({ title: course.title, tutorName, price: course.price, lessonCount: course.lessons.length, language });
    await putWebFile(image, png, 'image/png');
    await putWebFile(page, await renderer.renderCoursePage(course, language, renderer.courseShells[language], config.appOrigin, image), HTML);
  }
  // Last: a course published again answers 410 until its pages are there, never the old page.
  await deleteWebFiles([files.pages[0]!.files.gone]);
  // The edge serves the files from now on (they are all there), once the invalidation drops its copies.
  await putRecordState(files.path, 'page');
  await invalidatePaths(invalidate, version);
  return 'rendered';
}

/** The first page of the catalogue without filters, as the SPA asks for it and the API answers it. */
async function firstCataloguePage() {
  const { courses, nextCursor } = await catalogue(CatalogueQuery.parse({ limit: DEFAULT_CATALOGUE_PAGE }));
  return { courses, ...(nextCursor ? { nextCursor } : {}) };
}

/** /course-dashboard in every language with its first page of published courses in the HTML. */
async function writeCatalogueFiles(version: string): Promise<true> {
  const firstPage = await firstCataloguePage();
  const renderer = await pageRenderer();
  for (const language of LANGUAGES) {
    const html = await renderer.renderCourseDashboard(firstPage, language, renderer.catalogueTemplates[language], config.appOrigin);
    await putWebFile(catalogueFile(language), html, HTML);
  }
  await invalidatePaths(['/course-dashboard*', ...LANGUAGES.map(catalogueFile)], version);
  return true;
}

/**
 * Every published course's page and the catalogue's (after a deploy that changed the template, and
 * the local seed): pages through the catalogue's all-courses index, a Query (never a Scan).
 */
export async function renderAllCoursePages(): Promise<number> {
  let rendered = 0;
  let cursor: string | undefined;
  do {
    const page = await catalogue(CatalogueQuery.parse({ limit: 48, cursor }));
    for (const course of page.courses) {
      const now = new Date().toISOString();
      if (await renderInTurn({ courseId: course.id }, now, (version) => writeCourseFiles(course.id, version)) === 'rendered') rendered += 1;
    }
    cursor = page.nextCursor;
  } while (cursor);
  await renderInTurn('course-dashboard', new Date().toISOString(), writeCatalogueFiles);
  return rendered;
}
