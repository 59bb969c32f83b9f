/**
 * Starts the whole local product (emulator, resources, demo data, gateway, event runner) on
 * test ports, once for all system tests, and stops it afterwards.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { handlerEnvironment } from '../../infra/local/emulators/provision.js';
import { integrations } from '../../infra/aws/integrations.js';
import { localIntegrationEnvironment, sandboxes } from '../../infra/local/sandboxes/index.js';
import { loadSettings } from '../../infra/local/settings.js';
import { startLocalStack, type StackInfo } from './local-stack.js';
import { cognitoFor, enableTotp, signInWithPassword } from './mfa.js';

declare module 'vitest' {
  export interface ProvidedContext { stack: StackInfo; adminTotpSecret: string }
}

export default async function setup(project: TestProject) {
  const startedAt = new Date();
  const stack = await startLocalStack({
    port: process.env.ALP_TEST_PORT ?? '3100',
    emulatorPort: process.env.ALP_TEST_EMULATOR_PORT ?? '4577',
    dynamodbPort: process.env.ALP_TEST_DYNAMODB_PORT ?? '8100',
    stage: 'test',
  });
  project.provide('stack', stack.info);
  // Super admins need two-step sign-in for admin routes: set the demo admin's up once, as the SPA would.
  try {
    const { resources } = stack.info;
    const client = cognitoFor(resources);
    const admin = await signInWithPassword(client, resources.userPoolClientId, demoAccounts.admin.email, DEMO_PASSWORD);
    project.provide('adminTotpSecret', await enableTotp(client, admin.accessToken));
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return async () => {
    try {
      await checkLedgerAfterRun(stack.info, startedAt);
    } finally {
      // Reported, not asserted: docs/benchmarks.md keeps the figure after a full run.
      const memory = await stack.memory();
      mkdirSync('.local', { recursive: true });
      writeFileSync('.local/emulator-memory.json', JSON.stringify(memory));
      console.log(`[test] emulators' resident memory at the end: moto ${memory.motoMB ?? '?'} MB, DynamoDB Local ${memory.dynamodbLocalMB ?? '?'} MB`);
      await stack.stop();
    }
  };
}

/**
 * The ledger check after every run of the system tests: whatever the tests did with
 * money, every account balances and payments = lessons held + tutor earnings + revenue + refunds;
 * and the ledger agrees with what the Paystack sandbox did during the run (every successful
 * transfer and charge, every processed refund, matched by one record of the same amount).
 * Read twice at most: a Scan is not a snapshot, so a consumer still writing may be seen halfway.
 */
async function checkLedgerAfterRun(info: StackInfo, startedAt: Date): Promise<void> {
  Object.assign(process.env, handlerEnvironment(info.resources, { ...loadSettings({}), appOrigin: info.url }));
  for (const { id } of integrations) {
    const sandboxUrl = info.sandboxUrls[id];
    if (sandboxUrl) Object.assign(process.env, localIntegrationEnvironment(id, { apiUrl: sandboxUrl }, sandboxes[id].secretValue));
  }
  const { runLedgerCheck } = await import('../../functions/ledger/service.js');
  const { reconcileWithProvider } = await import('../../functions/ledger/reconcile-service.js');
  const reconcile = () => reconcileWithProvider({ from: new Date(startedAt.getTime() - 60_000), to: new Date(Date.now() + 60_000) }, { flag: false });
  let [check, report] = await Promise.all([runLedgerCheck(), reconcile()]);
  if (!check.ok || report.mismatches.length) {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    [check, report] = await Promise.all([runLedgerCheck(), reconcile()]);
  }
  if (!check.ok) throw new Error(`The ledger does not balance after the tests:\n  ${check.problems.join('\n  ')}`);
  if (report.mismatches.length) {
    throw new Error(`The ledger and the Paystack sandbox disagree after the tests:\n  ${report.mismatches
      .map((m) => `${m.source} ${m.reference}: ${m.kind} (Paystack ${m.providerMinor}, recorded ${m.recordedMinor})`).join('\n  ')}`);
  }
  const { charge, refund, transfer } = report.checked;
  console.log(`[test] ledger check: ${check.entries} entries balance; Paystack agrees (${charge} charges, ${refund} refunds, ${transfer} transfers)`);
}
