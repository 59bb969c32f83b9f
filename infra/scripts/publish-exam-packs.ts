/**
 * Stores the three exam-pack PDFs (infra/documents/exam-packs.ts) privately in the uploads bucket
 * and records their sizes: run once after the first deploy, and again after changing the packs.
 * Safe to repeat (download counts are kept). The local seed does the same by itself.
 *
 * Against AWS, with the stack outputs:
 *   TABLE_NAME=<TableName> UPLOADS_BUCKET=<UploadsBucket> AWS_REGION=<region> npx tsx infra/scripts/publish-exam-packs.ts
 */
import { examPackFiles } from '../documents/exam-packs.js';

async function main() {
  for (const name of ['TABLE_NAME', 'UPLOADS_BUCKET']) {
    if (!process.env[name]) throw new Error(`Set ${name} (stack outputs TableName and UploadsBucket).`);
  }
  // Imported after the environment is checked: the service reads it to reach S3 and DynamoDB.
  const { publishExamPack } = await import('../../functions/exampacks/service.js');
  for (const { pack, pdf } of examPackFiles()) {
    await publishExamPack(pack, pdf);
    console.log(`${pack.fileName}: ${pdf.byteLength} bytes`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
