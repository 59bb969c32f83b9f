/**
 * The ledger check: every entry balances, every maintained balance equals its
 * entries, tutors' balances add up to the platform's, and total payments = lessons held + tutor
 * earnings + platform revenue + refunds. Exits 1 with the problems otherwise. Read-only (a Scan
 * of the ledger's items: an audit, not a request path).
 *
 * Locally (no TABLE_NAME in the environment) it finds the local stack's resources itself:
 *   npm run ledger:check
 * Against AWS, export the stack outputs first:
 *   TABLE_NAME=… AWS_REGION=… npm run ledger:check
 */
import { useLocalStackUnlessSet } from './stack-environment.js';

async function main() {
  await useLocalStackUnlessSet('TABLE_NAME');
  // Imported after the environment is set: the service reads it to reach DynamoDB.
  const { runLedgerCheck } = await import('../../functions/ledger/service.js');
  const { minorToKes } = await import('../../functions/ledger/csv.js');
  const check = await runLedgerCheck();
  console.log(`${check.entries} entries. Payments KSh ${minorToKes(check.paymentsMinor)} = lessons held ${minorToKes(check.lessonsHeldMinor)}`
    + ` + tutor earnings ${minorToKes(check.tutorEarningsMinor)} + platform revenue ${minorToKes(check.platformRevenueMinor)} + refunds ${minorToKes(check.refundsMinor)}`);
  if (!check.ok) {
    console.error(`The ledger does not balance:\n  ${check.problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('The ledger balances.');
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
