/**
 * Rewrites every tutor's browse entries (sort entries, figures on the cards): run once after a
 * deploy that changes the listing design. Safe to repeat.
 *
 * Locally (no TABLE_NAME in the environment) it finds the local stack's resources itself:
 *   npx tsx infra/scripts/reindex-tutors.ts
 * Against AWS, export the stack outputs first:
 *   TABLE_NAME=… AWS_REGION=… npx tsx infra/scripts/reindex-tutors.ts
 */
import { loadSettings } from '../local/settings.js';

async function main() {
  if (!process.env.TABLE_NAME) {
    const settings = { ...loadSettings(), seed: false };
    const { emulatorAnswers } = await import('../local/emulator.js');
    if (!(await emulatorAnswers(settings.endpoint))) {
      console.error(`No local emulator at ${settings.endpoint}: start the product with "npm start" first.`);
      process.exit(1);
    }
    const { locateResources, handlerEnvironment } = await import('../local/provision.js');
    Object.assign(process.env, handlerEnvironment(await locateResources(settings), settings));
  }
  // Imported after the environment is set: the service reads it to reach DynamoDB.
  const { reindexAllTutors } = await import('../../functions/tutors/listing-service.js');
  console.log(`Rewrote the browse entries of ${await reindexAllTutors()} tutors.`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
