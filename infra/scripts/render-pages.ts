/**
 * Renders every public tutor's own page (English and Kiswahili) and share images into the web bucket:
 * after a fresh deploy, or when the page's template (the SPA build) changed. The same code as the
 * consumer that re-renders one tutor when they change (functions/sitepages/service.ts); pages
 * through the browse listing, a Query on its index (never a Scan).
 *
 * Needs the web build first (`npm run build:web`: the shells and the renderer's Node build,
 * .local/prerender/prerender.mjs). Locally (no TABLE_NAME in the environment) it finds the local
 * stack's resources itself and writes into its web bucket, which the local gateway serves from;
 * `npm start` runs it after seeding. Against AWS: the stack's TABLE_NAME, UPLOADS_BUCKET, WEB_BUCKET,
 * APP_ORIGIN (the site in canonical URLs and link previews) and WEB_DISTRIBUTION_ID.
 *   npx tsx infra/scripts/render-pages.ts
 */
import { useLocalStackUnlessSet } from './stack-environment.js';

async function main() {
  await useLocalStackUnlessSet('TABLE_NAME');
  // Imported after the environment is set: the services read it to reach DynamoDB and S3.
  const { renderAllTutorPages } = await import('../../functions/sitepages/service.js');
  const rendered = await renderAllTutorPages();
  console.log(`Rendered the pages of ${rendered} tutors into the web bucket (pages/tutor-profile/, share/tutor/).`);
}

main().then(() => process.exit(0), (error: Error) => {
  console.error(error.message);
  process.exit(1);
});
