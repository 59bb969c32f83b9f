/**
 * The subject and grade landing pages (/tutors/{subject}, /tutors/{exam-subject}/{grade};
 * docs/decisions/2026-11-29-subject-pages-from-data.md): each rendered, in every language, with the
 * first page of the same listing the SPA asks for (names, subjects, rate, a rating only from real
 * reviews) into the web bucket, so a search engine or a link preview reads the tutors in the HTML.
 *
 * Rendered when a tutor on them changes: the tutor-page consumer renders the pages the tutor is on
 * now and the pages its last render put them on (stored on the tutor's SITEPAGE item), so a tutor
 * who dropped a subject or was suspended leaves those pages too; one tutor's change renders only
 * their pages. Each page in its own render lane (render-lane.ts), as a tutor's own page.
 */
import { LANGUAGES } from '../../events/shared/language.js';
import { subjectPageFileFor } from '../../infra/aws/prerendered-pages.js';
import { config } from '../shared/config.js';
import { BrowseQuery } from '../tutors/contract.js';
import { browseTutors, DEFAULT_PAGE_SIZE } from '../tutors/listing-service.js';
import { GRADE_PAGES, gradePagePath, SUBJECT_PAGES, subjectPageAt, subjectPagePath, subjectPagePathsOf } from '../tutors/subject-pages-catalog.js';
import { putRecordState } from './record-store.js';
import { pageRenderer } from './renderer.js';
import { INDEX_SETTLE_MS, renderInTurn } from './render-lane.js';
import { invalidatePaths, listedSubjectPages, putWebFile, setListedSubjectPages } from './repository.js';

const HTML = 'text/html; charset=utf-8';

/** Every subject and grade page's path (the rebuild script renders them all). */
export const ALL_SUBJECT_PAGE_PATHS: readonly string[] = [
  ...SUBJECT_PAGES.map((page) => subjectPagePath(page.slug)), ...GRADE_PAGES.map(gradePagePath),
];

/** The first page of the page's listing as the SPA asks for it (its filters, the same page size) and the API answers it. */
async function firstPageOf(path: string) {
  const page = subjectPageAt(path);
  if (!page) return undefined;
  const grade = 'grade' in page ? page.grade.id : undefined;
  const { tutors, nextCursor } = await browseTutors(BrowseQuery.parse({
    subject: page.subject, ...(page.exam ? { curriculum: page.exam.curriculum } : {}), ...(grade ? { grade } : {}), limit: DEFAULT_PAGE_SIZE,
  }));
  return { tutors, ...(nextCursor ? { nextCursor } : {}) };
}

/**
 * The page's file in every language, from its listing as stored now, then its `page` key in CloudFront's
 * store (the viewer-request function serves the file from then on); false for a path of no subject page.
 * A page whose last tutor left is rendered saying so, so its key never becomes `gone`.
 */
async function writeSubjectPage(path: string): Promise<boolean> {
  const firstPage = await firstPageOf(path);
  if (!firstPage) return false;
  const renderer = await pageRenderer();
  for (const language of LANGUAGES) {
    const html = await renderer.renderSubjectPage(path, firstPage, language, renderer.browseTemplates[language], config.appOrigin);
    await putWebFile(subjectPageFileFor(path, language)!, html, HTML);
  }
  await putRecordState(path, 'page');
  return true;
}

/**
 * Renders each page in its turn unless a render that began after `changedAt` already read it, then
 * has the CDN drop exactly the pages written in one invalidation named by `version` (the change's time
 * and whose change). Returns how many were written. The edge caches a page under the file the
 * viewer-request function rewrote its path to, so each file (every language) is named, not a
 * `/pages/tutors/{path}*` wildcard: a tutor's change can touch dozens of pages, CloudFront allows 15
 * wildcard paths in progress at once, and kcse-chemistry* would take its grade pages along.
 */
export async function renderSubjectPages(paths: readonly string[], changedAt: string, version: string): Promise<number> {
  const written: string[] = [];
  for (const path of new Set(paths)) {
    // The page lists tutors from the browse index, which follows a change a moment later.
    if (await renderInTurn({ subjectPage: path }, changedAt, () => writeSubjectPage(path), INDEX_SETTLE_MS) === true) written.push(path);
  }
  await invalidatePaths(written.flatMap((path) => [path, ...LANGUAGES.map((language) => subjectPageFileFor(path, language)!)]), version);
  return written.length;
}

/**
 * After a tutor's change (in the tutor's render lane): the pages they are on now (`card`, none for a
 * tutor no longer public) and the pages the last render put them on; then remembers the new ones.
 * `render: false` (the bulk renders) only remembers them and returns them, for one render of each page.
 */
export async function renderSubjectPagesOfTutor(
  tutorId: string, card: { subjects: readonly string[]; grades?: readonly string[] } | undefined, changedAt: string, render = true,
): Promise<string[]> {
  const now = card ? subjectPagePathsOf(card) : [];
  if (render) {
    const before = await listedSubjectPages(tutorId);
    await renderSubjectPages([...now, ...before], changedAt, `${changedAt}/${tutorId}`);
  }
  // After the renders: a render that fails is delivered again and still finds the old pages here.
  await setListedSubjectPages(tutorId, now);
  return now;
}

/** Every subject and grade page (after a deploy, in the rebuild script), or the given ones; how many were written. */
export async function renderAllSubjectPages(paths: readonly string[] = ALL_SUBJECT_PAGE_PATHS): Promise<number> {
  const now = new Date().toISOString();
  return renderSubjectPages(paths, now, `${now}/all`);
}
