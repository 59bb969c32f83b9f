/**
 * A tutor's own page (docs/decisions/2026-11-28-record-pages.md): rendered, in every language, with
 * its share image, into the web bucket whenever what the public profile shows changed; a tutor who
 * is no longer public (suspended, gone) leaves the `.gone` marker instead and their path answers 410.
 * Then the subject pages they are (or were) listed on (subject-service.ts).
 *
 * Idempotent: the files are made from the tutor as stored now, so a replayed or late event writes
 * the same bytes (or the newer ones), never an older page.
 */
import { LANGUAGES } from '../../events/shared/language.js';
import { recordFilesFor } from '../../infra/aws/prerendered-pages.js';
import { getProfile } from '../profiles/service.js';
import { config } from '../shared/config.js';
import { BrowseQuery } from '../tutors/contract.js';
import { browseTutors } from '../tutors/listing-service.js';
import { publicTutorProfile } from '../tutors/service.js';
import { tutorShareImage } from './files.js';
import { pageRenderer } from './renderer.js';
import { putRecordState, recordFilesInvalidation } from './record-store.js';
import { renderInTurn } from './render-lane.js';
import { deleteWebFiles, invalidatePaths, putWebFile, readPublicPhoto } from './repository.js';
import { renderShareImage } from './share-image.js';
import { ALL_SUBJECT_PAGE_PATHS, renderAllSubjectPages, renderSubjectPagesOfTutor } from './subject-service.js';
import { subjectPageAt, subjectPagePathsOf } from '../tutors/subject-pages-catalog.js';

export type TutorPageOutcome = 'rendered' | 'gone' | 'not_a_tutor' | 'already_newer' | 'queued';

/**
 * A change the tutor's files already show: a render that began reading the tutor at or after the
 * change was published read it (a burst of edits, e.g. a profile and its weekly hours, renders once).
 */
export async function renderTutorPageAfter(tutorId: string, changedAt: string): Promise<TutorPageOutcome> {
  return renderInTurn({ tutorId }, changedAt, (version) => writeTutorFiles(tutorId, version));
}

/** The path visitors open, and the bucket files behind it. */
function tutorFiles(tutorId: string) {
  const path = `/tutor-profile/${tutorId}`;
  const pages = LANGUAGES.map((language) => ({ language, files: recordFilesFor(path, language), image: tutorShareImage(tutorId, language) }));
  if (pages.some((p) => !p.files)) return undefined;
  return { path, pages: pages as Array<{ language: (typeof LANGUAGES)[number]; files: { page: string; gone: string }; image: string }> };
}

/** The tutor's files as stored now, in its turn (docs in render-lane.ts). */
export async function renderTutorPageFiles(tutorId: string, subjectPages: 'render' | 'remember' = 'render'): Promise<TutorPageOutcome> {
  return renderInTurn({ tutorId }, new Date().toISOString(), (version) => writeTutorFiles(tutorId, version, subjectPages));
}

/**
 * Renders (or retires) the tutor's page and share images, then has the CDN drop its copies of
 * exactly the tutor's page and images (every language: the same path, `?lang=` and cookie variants).
 * `version`: the change's time, naming the invalidation so a redelivery makes no second one.
 * Then the subject pages the tutor is on, or was on (subject-service.ts); `subjectPages: 'remember'`
 * (the bulk render, which renders each page once after all tutors) only notes which they are on.
 */
async function writeTutorFiles(tutorId: string, version: string, subjectPages: 'render' | 'remember' = 'render'): Promise<TutorPageOutcome> {
  const files = tutorFiles(tutorId);
  if (!files) return 'not_a_tutor';
  const profile = await getProfile(tutorId);
  if (profile && profile.role !== 'tutor') return 'not_a_tutor';
  const invalidate = [`${files.path}*`, recordFilesInvalidation(files), `/share/tutor/${tutorId}*`];
  if (!profile || profile.suspension) {
    // The marker first: from then on the path answers 410 whatever else is left.
    await putWebFile(files.pages[0]!.files.gone, 'Gone\n', 'text/plain; charset=utf-8');
    // The edge's lookup next (the viewer-request function cannot see the marker): 410 there too.
    await putRecordState(files.path, 'gone');
    await deleteWebFiles(files.pages.flatMap((p) => [p.files.page, p.image]));
    await invalidatePaths(invalidate, version);
    await renderSubjectPagesOfTutor(tutorId, undefined, version, subjectPages === 'render');
    return 'gone';
  }
  const tutor = await publicTutorProfile(tutorId);
  const renderer = await pageRenderer();
  const photo = await readPublicPhoto(tutor.profilePhotoUrl, config.uploadsBucket);
  const figures = tutor.figures;
  const rating = figures && figures.reviewCount > 0 && figures.rating !== undefined ? { average: figures.rating, count: figures.reviewCount } : undefined;
  for (const { language, files: { page }, image } of files.pages) {
    const png = await renderShareImage({
      name: `${tutor.firstName} ${tutor.lastName}`.trim(), subjects: tutor.subjects, hourlyRate: tutor.hourlyRate,
      verified: tutor.verified, ...(rating ? { rating } : {}), ...(photo ? { photo } : {}), language,
    });
    await putWebFile(image, png, 'image/png');
    const html = await renderer.renderTutorPage(tutor, language, renderer.shells[language], config.appOrigin, image);
    await putWebFile(page, html, 'text/html; charset=utf-8');
  }
  // Last: until the pages are there, a tutor coming back from a suspension still answers 410, never the old page.
  await deleteWebFiles([files.pages[0]!.files.gone]);
  // The edge serves the files from now on (they are all there), once the invalidation drops its copies.
  await putRecordState(files.path, 'page');
  await invalidatePaths(invalidate, version);
  await renderSubjectPagesOfTutor(tutorId, tutor, version, subjectPages === 'render');
  return 'rendered';
}

/**
 * Every public tutor's page (after a deploy that changed the page's template, and the local seed):
 * pages through the browse listing, a Query on its index (never a Scan); then each subject page
 * once: every one ('all', the rebuild script: the empty ones say so in their HTML too), or the plain
 * subject pages the tutors are on ('listed', the local seed: its hundred-odd exam and grade pages
 * would hold up every stack start; they are rendered when a tutor on them changes).
 * Returns how many tutors' pages were rendered.
 */
export async function renderAllTutorPages(subjectPages: 'listed' | 'all' = 'listed'): Promise<number> {
  let rendered = 0;
  let cursor: string | undefined;
  const listed = new Set<string>();
  do {
    const page = await browseTutors(BrowseQuery.parse({ limit: 50, cursor }));
    for (const card of page.tutors) {
      if (await renderTutorPageFiles(card.id, 'remember') === 'rendered') rendered += 1;
      for (const path of subjectPagePathsOf(card)) if (!subjectPageAt(path)?.exam) listed.add(path);
    }
    cursor = page.nextCursor;
  } while (cursor);
  await renderAllSubjectPages(subjectPages === 'all' ? ALL_SUBJECT_PAGE_PATHS : [...listed]);
  return rendered;
}
