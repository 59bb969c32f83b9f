/**
 * Renders every public tutor's and published course's own page (English and Kiswahili) and share
 * images, every subject and grade page with its first page of tutors, and the course catalogue with
 * its first page of courses, into the web bucket:
 * after a fresh deploy, or when the page's template (the SPA build) changed. The same code as the
 * consumers that re-render one tutor or course when it changes (functions/sitepages/service.ts,
 * course-service.ts); pages through the browse listing and the course catalogue, Queries on their
 * indexes (never a Scan). After a deploy it must run: the deployment puts the catalogue's build-time file back.
 *
 * Needs the web build first (`npm run build:web`: the shells and the renderer's Node build,
 * .local/prerender/prerender.mjs). Locally (no TABLE_NAME in the environment) it finds the local
 * stack's resources itself and writes into its web bucket, which the local gateway serves from;
 * `npm start` runs it after seeding. Against AWS: the stack's TABLE_NAME, UPLOADS_BUCKET, WEB_BUCKET,
 * APP_ORIGIN (the site in canonical URLs and link previews), WEB_DISTRIBUTION_ID and
 * RECORD_PAGES_STORE_ARN (the stack's KeyValueStore of rendered pages: without it the edge keeps
 * serving the shell for a page rendered here for the first time).
 *   npx tsx infra/scripts/render-pages.ts
 */
import { useLocalStackUnlessSet } from './stack-environment.js';

async function main() {
  await useLocalStackUnlessSet('TABLE_NAME');
  // Imported after the environment is set: the services read it to reach DynamoDB and S3.
  const { renderAllTutorPages } = await import('../../functions/sitepages/service.js');
  const { renderAllCoursePages } = await import('../../functions/sitepages/course-service.js');
  const rendered = await renderAllTutorPages('all');
  console.log(`Rendered the pages of ${rendered} tutors and every subject and grade page into the web bucket (pages/tutor-profile/, share/tutor/, pages/tutors/).`);
  const courses = await renderAllCoursePages();
  console.log(`Rendered the pages of ${courses} published courses and the catalogue into the web bucket (pages/courses/, share/course/, pages/course-dashboard*.html).`);
}

main().then(() => process.exit(0), (error: Error) => {
  console.error(error.message);
  process.exit(1);
});
