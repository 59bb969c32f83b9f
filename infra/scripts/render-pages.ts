/**
 * Renders every public tutor's own page (English and Kiswahili) into the web build: after a fresh
 * deploy, or when the page's template (the SPA build) changed. Pages through the browse listing,
 * a Query on its index (never a Scan), then reads each tutor's public profile as the API does.
 *
 * Needs the web build first (`npm run build:web`: the shells and the renderer's Node build,
 * .local/prerender/prerender.mjs). Locally (no TABLE_NAME in the environment) it finds the local
 * stack's resources itself and writes into the build the local gateway serves:
 *   npx tsx infra/scripts/render-pages.ts
 * SITE_ORIGIN names the site in canonical URLs and link previews (default http://localhost:3000).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES } from '../../events/shared/language.js';
import { PRELOADING_SHELLS, prerenderedFile, recordFilesFor } from '../aws/prerendered-pages.js';
import { useLocalStackUnlessSet } from './stack-environment.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = resolve(process.env.ALP_WEB_DIST ?? join(root, 'frontend', 'dist'));
const origin = process.env.SITE_ORIGIN ?? 'http://localhost:3000';

async function main() {
  await useLocalStackUnlessSet('TABLE_NAME');
  // Imported after the environment is set: the services read it to reach DynamoDB.
  const { browseTutors } = await import('../../functions/tutors/listing-service.js');
  const { publicTutorProfile } = await import('../../functions/tutors/service.js');
  const { BrowseQuery } = await import('../../functions/tutors/contract.js');
  type Renderer = { renderTutorPage: (tutor: unknown, language: string, shell: string, origin: string) => Promise<string> };
  const { renderTutorPage } = (await import(pathToFileURL(join(root, '.local/prerender/prerender.mjs')).href)) as Renderer;
  const shells = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) =>
    [language, await readFile(join(webDist, prerenderedFile(PRELOADING_SHELLS['/tutor-profile/']!, language)), 'utf8')] as const)));

  let rendered = 0;
  let cursor: string | undefined;
  do {
    const page = await browseTutors(BrowseQuery.parse({ limit: 50, cursor }));
    for (const card of page.tutors) {
      const tutor = await publicTutorProfile(card.id);
      const path = `/tutor-profile/${tutor.id}`;
      for (const language of LANGUAGES) {
        const files = recordFilesFor(path, language);
        if (!files) continue;
        const target = join(webDist, files.page);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, await renderTutorPage(tutor, language, shells[language]!, origin));
        await rm(join(webDist, files.gone), { force: true });
      }
      rendered += 1;
    }
    cursor = page.nextCursor;
  } while (cursor);
  console.log(`Rendered the pages of ${rendered} tutors into ${join(webDist, 'pages/tutor-profile')}.`);
}

main().then(() => process.exit(0), (error: Error) => {
  console.error(error.message);
  process.exit(1);
});
