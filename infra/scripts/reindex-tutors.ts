/**
 * Rewrites every tutor's browse entries (sort entries, figures on the cards): run once after a
 * deploy that changes the listing design. Safe to repeat.
 *
 * Locally (no TABLE_NAME in the environment) it finds the local stack's resources itself:
 *   npx tsx infra/scripts/reindex-tutors.ts
 * Against AWS, export the stack outputs first:
 *   TABLE_NAME=… AWS_REGION=… npx tsx infra/scripts/reindex-tutors.ts
 */
import { useLocalStackUnlessSet } from './stack-environment.js';

async function main() {
  await useLocalStackUnlessSet('TABLE_NAME');
  // Imported after the environment is set: the service reads it to reach DynamoDB.
  const { reindexAllTutors } = await import('../../functions/tutors/listing-service.js');
  console.log(`Rewrote the browse entries of ${await reindexAllTutors()} tutors.`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
