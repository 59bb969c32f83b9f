/**
 * Lambda bundles as CDK builds them (LAMBDA_BUNDLING of infra/constructs/function.ts): size, the
 * packages that weigh most, and the cold import time of each bundle in a fresh Node process
 * (median of several), with tracing off (as locally) and on (as on Lambda, X-Ray active).
 * Powertools is external (the Powertools layer on AWS): here it loads from node_modules, as it
 * loads from /opt on Lambda. `npm run bench -- lambda`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_BUNDLING, PROJECT_ROOT, handlerEntry } from '../../infra/constructs/function.js';

/** Two routes at the ends of the range (a small read, a write that publishes nothing) and a consumer. */
const HANDLERS = {
  getMe: 'profiles/handlers/get-me',
  createBooking: 'bookings/handlers/create-booking',
  bookingConfirmation: 'notifications/consumers/send-booking-confirmation',
};
const RUNS = 11;

/** What the handlers read at import time; values never reach AWS (nothing is invoked). */
const HANDLER_ENV = {
  TABLE_NAME: 't', USER_POOL_ID: 'us-east-1_x', USER_POOL_CLIENT_ID: 'c', UPLOADS_BUCKET: 'b', EVENT_BUS_NAME: 'e',
  EMAIL_FROM: 'a@b.c', APP_ORIGIN: 'https://example.com', BOOKING_HOLD_MINUTES: '30', AWS_REGION: 'us-east-1',
  POWERTOOLS_SERVICE_NAME: 'alp', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
const TRACING_ON = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_LAMBDA_FUNCTION_NAME: 'bench', POWERTOOLS_TRACE_ENABLED: 'true' };
const TRACING_OFF = { POWERTOOLS_TRACE_ENABLED: 'false' };

function heaviest(metafile: Metafile, count: number): string {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint)!;
  const bytes = new Map<string, number>();
  for (const [path, input] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? '(project)';
    bytes.set(name, (bytes.get(name) ?? 0) + input.bytesInOutput);
  }
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, count).map(([n, b]) => `${n} ${(b / 1024).toFixed(0)}`).join(', ');
}

/**
 * CPU milliseconds (user + system) to import the bundle in a new process, module evaluation
 * included: CPU time, not wall time, because other processes share this machine's cores. The two
 * settings alternate so drift on the machine hits both alike. Medians.
 */
function coldImportMs(file: string, settings: Array<Record<string, string>>): number[] {
  const script = `const c = process.cpuUsage(); await import(${JSON.stringify(`file://${file}`)}); `
    + 'const d = process.cpuUsage(c); console.log((d.user + d.system) / 1000);';
  const samples = settings.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    settings.forEach((env, i) => samples[i]!.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...HANDLER_ENV, ...env }, encoding: 'utf8',
    }).trim())));
  }
  return samples.map((s) => s.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!);
}

export async function benchLambda(): Promise<string> {
  // Inside the repository, so the runtime's @aws-sdk/* resolve from node_modules as on Lambda.
  const outDir = join(PROJECT_ROOT, '.local', 'bench-lambda');
  mkdirSync(outDir, { recursive: true });
  const rows = ['| Handler | Minified | Heaviest inputs (KB) | Import CPU, tracing off | Import CPU, tracing on |', '|---|---|---|---|---|'];
  for (const [name, handler] of Object.entries(HANDLERS)) {
    const outfile = join(outDir, `${name}.mjs`);
    const result = await build({
      entryPoints: [handlerEntry(handler)], outfile, bundle: true, platform: 'node', metafile: true, logLevel: 'error',
      minify: LAMBDA_BUNDLING.minify, target: LAMBDA_BUNDLING.target, format: 'esm', mainFields: LAMBDA_BUNDLING.mainFields,
      banner: { js: LAMBDA_BUNDLING.banner }, external: LAMBDA_BUNDLING.externalModules,
    });
    const kb = (statSync(outfile).size / 1024).toFixed(1);
    const [off, on] = coldImportMs(outfile, [TRACING_OFF, TRACING_ON]);
    rows.push(`| ${name} | ${kb} KB | ${heaviest(result.metafile, 5)} | ${off!.toFixed(0)} ms | ${on!.toFixed(0)} ms |`);
  }
  writeFileSync(join(outDir, 'README'), 'Bundles written by tests/bench/lambda.ts; safe to delete.\n');
  return `## Lambda bundles and cold import (CPU time, median of ${RUNS} fresh processes)\n\n${rows.join('\n')}`;
}
