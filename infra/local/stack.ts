/**
 * The whole product on one machine: emulator → resources → Paystack sandbox → demo data →
 * gateway (SPA + API + Cognito proxy) → event runner. Stops everything it started on SIGINT/SIGTERM.
 * Used by `npm start` and by the test suite (on other ports).
 */
import { startEmulator } from './emulator.js';
import { startPaystackSandbox } from './paystack-sandbox.js';
import { handlerEnvironment, provision } from './provision.js';
import { loadSettings } from './settings.js';

async function main() {
  const settings = loadSettings();
  const emulator = await startEmulator(settings.endpoint, settings.startEmulator, settings.freshEmulator);
  const stopAll: Array<() => Promise<void>> = [() => emulator.stop()];
  const shutdown = async (code: number) => {
    for (const stop of stopAll.reverse()) await stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // Our parent (npm start's shell or the test runner) went away: don't outlive it.
  process.on('disconnect', () => void shutdown(0));

  try {
    const resources = await provision(settings);
    // Paystack stand-in: the payment handlers' adapter only gets another base URL and a fake key.
    const paystack = await startPaystackSandbox({
      port: settings.paystack.port,
      secretKey: settings.paystack.secretKey,
      webhookUrl: settings.paystack.webhookUrl,
    });
    stopAll.push(() => paystack.close());
    // Handlers read their configuration from the environment, exactly as on Lambda.
    Object.assign(process.env, handlerEnvironment(resources, settings), {
      PAYSTACK_BASE_URL: paystack.apiUrl,
      PAYSTACK_SECRET_KEY: settings.paystack.secretKey,
    });
    // Imported only now: these modules create SDK clients from that environment.
    const { startGateway } = await import('./gateway.js');
    const { startEventRunner } = await import('./event-runner.js');
    if (settings.seed) {
      const { seed } = await import('./seed.js');
      await seed(resources);
    }
    const gateway = await startGateway(settings, resources);
    stopAll.push(() => gateway.close());
    const runner = startEventRunner(resources);
    stopAll.push(() => runner.stop());

    const { DEMO_PASSWORD, demoAccounts } = await import('./seed.js');
    process.stdout.write(`ALP_READY ${JSON.stringify({ url: gateway.url, resources, paystackUrl: paystack.url })}\n`);
    if (process.env.ALP_QUIET !== 'true') {
      console.log([
        '',
        "  Africa's Learning Platform is running locally",
        '',
        `  Open        ${gateway.url}`,
        `  AWS emulator ${settings.endpoint} (${emulator.child ? 'moto server started by this process' : 'already running'})`,
        `  Paystack sandbox ${paystack.url} (checkout pages; webhooks go to ${settings.paystack.webhookUrl})`,
        '',
        ...(settings.seed ? [
          '  Demo logins (password for all three: ' + DEMO_PASSWORD + ')',
          `    student      ${demoAccounts.student.email}`,
          `    tutor        ${demoAccounts.tutor.email}`,
          `    super admin  ${demoAccounts.admin.email} (first sign-in: set up two-step sign-in, see README)`,
          '    30 demo tutors tutor01@demo.alp.test … tutor30@demo.alp.test (most verified and bookable)',
          '',
        ] : []),
        '  New accounts: the e-mail confirmation step accepts any 6-digit code locally.',
        '  Press Ctrl+C to stop everything.',
        '',
      ].join('\n'));
    }
  } catch (error) {
    console.error('[stack] failed to start', error);
    await shutdown(1);
  }
}

void main();
