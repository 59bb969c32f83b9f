/**
 * The whole product on one machine: emulators (moto + DynamoDB Local) → resources → providers' sandboxes → demo data →
 * gateway (SPA + API + Cognito proxy) → event runner. Stops everything it started on SIGINT/SIGTERM.
 * Used by `npm start` and by the test suite (on other ports).
 */
import { residentMegabytes, startDynamoDbLocal, startMoto } from './emulators/emulator.js';
import { awsServices, integrations } from '../aws/integrations.js';
import { localIntegrationEnvironment, sandboxes as sandboxEntries, type RunningSandbox } from './sandboxes/index.js';
import { handlerEnvironment, provision } from './emulators/provision.js';
import { loadSettings } from './settings.js';

async function main() {
  const settings = loadSettings();
  const [emulator, dynamodb] = await Promise.all([
    startMoto(settings.endpoint, settings.startEmulator, settings.freshEmulator),
    startDynamoDbLocal(settings.dynamodbEndpoint, settings.startEmulator, settings.freshEmulator),
  ]);
  const stopAll: Array<() => Promise<void>> = [() => emulator.stop(), () => dynamodb.stop()];
  const shutdown = async (code: number) => {
    for (const stop of stopAll.reverse()) await stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // The test runner asks for the emulators' memory before it stops the stack (docs/benchmarks.md).
  process.on('message', (message) => {
    if (message !== 'memory') return;
    process.send?.({ memory: { motoMB: residentMegabytes(emulator.child?.pid), dynamodbLocalMB: residentMegabytes(dynamodb.child?.pid) } });
  });
  // Our parent (npm start's shell or the test runner) went away: don't outlive it.
  process.on('disconnect', () => void shutdown(0));

  try {
    const resources = await provision(settings);
    // Handlers read their configuration from the environment, exactly as on Lambda.
    Object.assign(process.env, handlerEnvironment(resources, settings));
    // The handlers' Cognito calls meet the user pool's triggers, as on AWS (moto runs none).
    const { startCognitoFront } = await import('./gateway/cognito-triggers.js');
    const cognitoFront = await startCognitoFront(resources);
    stopAll.push(() => cognitoFront.close());
    process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = cognitoFront.url;
    // Each outside provider's stand-in: its adapter only gets another base URL and a fake secret.
    const sandboxes: Record<string, RunningSandbox> = {};
    for (const { id } of integrations) {
      const { secretValue } = sandboxEntries[id];
      const sandbox = await sandboxEntries[id].start({ port: settings.sandboxPorts[id], secretValue, appOrigin: settings.appOrigin });
      stopAll.push(() => sandbox.close());
      sandboxes[id] = sandbox;
      Object.assign(process.env, localIntegrationEnvironment(id, sandbox, secretValue));
    }
    // AWS services (Bedrock): the SDK's per-service endpoint variable sends only that service to its sandbox.
    for (const service of awsServices) {
      const sandbox = await sandboxEntries[service.id].start({ port: settings.sandboxPorts[service.id], appOrigin: settings.appOrigin });
      stopAll.push(() => sandbox.close());
      sandboxes[service.id] = sandbox;
      process.env[service.endpointEnv] = sandbox.apiUrl;
    }
    // Imported only now: these modules create SDK clients from that environment.
    const { startGateway } = await import('./gateway/gateway.js');
    const { startEventRunner, startScheduleRunner } = await import('./gateway/event-runner.js');
    const { schedules } = await import('../aws/definitions.js');
    if (settings.seed) {
      const { seed } = await import('./demo/seed.js');
      await seed(resources);
    }
    const gateway = await startGateway(settings, resources, { videoOrigin: sandboxes.bigbluebutton?.url });
    stopAll.push(() => gateway.close());
    // After the gateway: it serves the store of record pages the renders write to (RECORD_STORE_ENDPOINT).
    if (settings.seed) await renderSeededTutorPages(settings.webDist);
    // After the gateway: its payment goes through the sandbox checkout and the webhook.
    const demoLesson = settings.seed ? await seedDemoLesson() : [];
    if (settings.seed) await seedDemoHousehold();
    const runner = startEventRunner(resources);
    stopAll.push(() => runner.stop());
    const jobs = startScheduleRunner(schedules, { intervalMs: settings.scheduleIntervalMs });
    stopAll.push(() => jobs.stop());
    // The parent (the test runner) can run a timed job now: { runJob: name } → { jobRan: name, error? }.
    process.on('message', (message: { runJob?: string }) => {
      if (typeof message !== 'object' || !message.runJob) return;
      const name = message.runJob;
      jobs.runNow(name).then(
        () => process.send?.({ jobRan: name }),
        (error: unknown) => process.send?.({ jobRan: name, error: String(error) }),
      );
    });

    const { DEMO_PASSWORD, demoAccounts } = await import('./demo/seed.js');
    const sandboxUrls = Object.fromEntries(Object.entries(sandboxes).map(([id, s]) => [id, s.url]));
    process.stdout.write(`ALP_READY ${JSON.stringify({ url: gateway.url, resources, sandboxUrls })}\n`);
    if (process.env.ALP_QUIET !== 'true') {
      console.log([
        '',
        "  Africa's Learning Platform is running locally",
        '',
        `  Open        ${gateway.url}`,
        `  AWS emulator ${settings.endpoint} (${emulator.child ? 'moto server started by this process' : 'already running'})`,
        `  DynamoDB    ${settings.dynamodbEndpoint} (${dynamodb.child ? 'DynamoDB Local started by this process' : 'already running'})`,
        ...Object.values(sandboxes).map((s) => `  ${s.describe}`),
        '',
        ...(settings.seed ? [
          '  Demo logins (password for all four: ' + DEMO_PASSWORD + ')',
          `    student      ${demoAccounts.student.email}`,
          `    tutor        ${demoAccounts.tutor.email}`,
          `    super admin  ${demoAccounts.admin.email} (first sign-in: set up two-step sign-in, see README)`,
          `    parent       ${demoAccounts.parent.email} (Amani, Grade 7 CBC, and Zawadi, Form 4 8-4-4: a paid lesson each)`,
          '    30 demo tutors tutor01@demo.alp.test … tutor30@demo.alp.test (most verified and bookable;',
          '                 tutor01 has KSh 2,550 to withdraw: add an M-Pesa number on Earnings, then Withdraw)',
          '',
          ...demoLesson,
          ...(demoLesson.length ? [''] : []),
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

/**
 * The seeded tutors' and courses' own pages, the subject pages the tutors are on and the course catalogue's (functions/sitepages), as the
 * consumers write them when a tutor or course changes: needs the web build; without it those paths
 * get the plain shell (the catalogue its build-time file).
 */
async function renderSeededTutorPages(webDist: string): Promise<void> {
  const { existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  if (!existsSync(join(webDist, 'pages', 'tutor-profile.html'))) return;
  const { renderAllTutorPages } = await import('../../functions/sitepages/service.js');
  try {
    await renderAllTutorPages();
  } catch (error) {
    console.error('[stack] the tutors\' pages could not be rendered', error);
  }
  // The published courses' pages and the catalogue with its first page, as the course-page consumer writes them.
  const { renderAllCoursePages } = await import('../../functions/sitepages/course-service.js');
  try {
    await renderAllCoursePages();
  } catch (error) {
    console.error('[stack] the courses\' pages could not be rendered', error);
  }
}

/** The paid demo lesson of the start banner (infra/local/demo/lesson.ts); a failure costs only that lesson. */
async function seedDemoLesson(): Promise<string[]> {
  const { demoLessonBanner, ensureDemoLesson } = await import('./demo/lesson.js');
  try {
    const lesson = await ensureDemoLesson();
    return lesson ? demoLessonBanner(lesson) : [];
  } catch (error) {
    console.error('[stack] the demo lesson could not be created', error);
    return ['  Demo lesson: not created this time (see the error above); book one in the app instead.'];
  }
}

/** The demo parent's two children, their paid lessons and Amani's reported lesson of yesterday (infra/local/demo/household.ts); a failure costs only those. */
async function seedDemoHousehold(): Promise<void> {
  const { ensureDemoHousehold, ensureDemoReportedLesson } = await import('./demo/household.js');
  try {
    await ensureDemoHousehold();
    await ensureDemoReportedLesson();
  } catch (error) {
    console.error('[stack] the demo parent\'s lessons could not be created', error);
  }
}

void main();
