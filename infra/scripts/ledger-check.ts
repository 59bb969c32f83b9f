/**
 * The ledger check: every entry balances, every maintained balance equals its
 * entries, tutors' balances add up to the platform's, and total payments = lessons held + tutor
 * earnings + platform revenue + refunds. Exits 1 with the problems otherwise. Read-only (a Scan
 * of the ledger's items: an audit, not a request path).
 *
 * With `--provider` it also compares the ledger with Paystack (functions/ledger/reconcile-service.ts):
 * every successful transfer, processed refund and successful charge of the last `--days` days
 * (default 2) must match exactly one record of the same amount. Read-only too: it prints the
 * mismatches; the daily `ledger-reconcile` job is what lists them for super admins.
 *
 * Locally (no TABLE_NAME in the environment) it finds the local stack's resources and its
 * Paystack sandbox itself:
 *   npm run ledger:check [-- --provider [--days 7]]
 * Against AWS, export the stack outputs (and PAYSTACK_SECRET_PARAMETER for --provider) first:
 *   TABLE_NAME=… AWS_REGION=… npm run ledger:check
 */
import { parseArgs } from 'node:util';
import { integrations } from '../aws/integrations.js';
import { localIntegrationEnvironment, sandboxes } from '../local/sandboxes/index.js';
import { loadSettings } from '../local/settings.js';
import { useLocalStackUnlessSet } from './stack-environment.js';

const DAY_MS = 86_400_000;

async function main() {
  const { values } = parseArgs({ options: { provider: { type: 'boolean', default: false }, days: { type: 'string', default: '2' } } });
  const days = Number(values.days);
  if (!Number.isFinite(days) || days <= 0) throw new Error('--days must be a positive number');
  const local = !process.env.TABLE_NAME;
  await useLocalStackUnlessSet('TABLE_NAME');
  if (local) {
    // The local stack's sandboxes, as its handlers reach them.
    const { sandboxPorts } = loadSettings();
    for (const { id } of integrations) {
      const port = sandboxPorts[id];
      if (port) Object.assign(process.env, localIntegrationEnvironment(id, { apiUrl: `http://127.0.0.1:${port}` }, sandboxes[id].secretValue));
    }
  }
  // Imported after the environment is set: the service reads it to reach DynamoDB.
  const { runLedgerCheck } = await import('../../functions/ledger/service.js');
  const { minorToKes } = await import('../../functions/ledger/csv.js');
  const check = await runLedgerCheck();
  console.log(`${check.entries} entries. Payments KSh ${minorToKes(check.paymentsMinor)} = lessons held ${minorToKes(check.lessonsHeldMinor)}`
    + ` + tutor earnings ${minorToKes(check.tutorEarningsMinor)} + platform revenue ${minorToKes(check.platformRevenueMinor)} + refunds ${minorToKes(check.refundsMinor)}`);
  let ok = check.ok;
  if (!check.ok) console.error(`The ledger does not balance:\n  ${check.problems.join('\n  ')}`);
  else console.log('The ledger balances.');
  if (values.provider) {
    const { reconcileWithProvider } = await import('../../functions/ledger/reconcile-service.js');
    const now = new Date();
    const report = await reconcileWithProvider({ from: new Date(now.getTime() - days * DAY_MS), to: now }, { flag: false });
    const { charge, refund, transfer } = report.checked;
    console.log(`Paystack ${report.from} to ${report.to}: ${charge} charges, ${refund} refunds, ${transfer} transfers compared.`);
    if (report.mismatches.length) {
      ok = false;
      console.error(`Paystack and the ledger disagree:\n  ${report.mismatches.map((m) =>
        `${m.source} ${m.reference}: ${m.kind}, Paystack KSh ${minorToKes(m.providerMinor)}, recorded KSh ${minorToKes(m.recordedMinor)}`).join('\n  ')}`);
    } else console.log('Paystack and the ledger agree.');
  }
  if (!ok) process.exit(1);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
