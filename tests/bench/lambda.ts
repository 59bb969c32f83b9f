/**
 * Lambda bundles and cold imports: bundles every handler of the route table and
 * every event consumer exactly as CDK does (esbuildOptions of infra/aws/constructs/function.ts), and
 * reports each bundle's minified size and the median time a fresh Node process takes to import it,
 * beside a baseline handler that imports only the DynamoDB document client, in the same run.
 * Two builds of each: as deployed (`@aws-sdk/*` external, loaded from node_modules as the Lambda
 * runtime loads its own copy) and with the SDK bundled in, to decide which pays.
 * Run: npm run bench -- lambda   (LAMBDA_RUNS=… for more runs, default 9; ALP_BENCH_FUNCTIONS=payout,health
 *   measures only the functions whose name contains one of those, beside the baseline)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { eventConsumers } from '../../infra/aws/definitions.js';
import { esbuildOptions, handlerEntry, LAMBDA_BUNDLING, PROJECT_ROOT } from '../../infra/aws/constructs/function.js';
import { routes } from '../../functions/routes.js';
import { median } from './site.js';

const RUNS = Math.max(7, Number(process.env.LAMBDA_RUNS ?? 9));
const BUDGET_KB = 300;
/** Powertools Tracer from the layer is about half the baseline on its own (docs/decisions/2026-11-27-performance-budgets.md). */
const BUDGET_RATIO = 2.2;
const BASELINE = 'baseline: DynamoDB document client only';
/** Inside the repository, so the external `@aws-sdk/*` resolve from its node_modules. */
const OUT_DIR = join(PROJECT_ROOT, '.local', 'bench', 'lambda');

const VARIANTS = {
  runtime: LAMBDA_BUNDLING,
  bundled: { ...LAMBDA_BUNDLING, externalModules: [] },
};
type Variant = keyof typeof VARIANTS;

interface Built { bytes: number; zodBytes: number; file: string }
interface Measured { name: string; built: Record<Variant, Built>; importMs: Record<Variant, number[]> }

// Times only the import: Node's own start-up is the same for every function.
const IMPORT_TIMER = 'const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));';

/** What a function's process sees on Lambda (values are placeholders; nothing is called). */
const LAMBDA_ENV = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'bench', AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bench', USER_POOL_ID: 'eu-west-1_bench', USER_POOL_CLIENT_ID: 'bench', UPLOADS_BUCKET: 'bench',
  EVENT_BUS_NAME: 'bench', EMAIL_FROM: 'bench@example.com', APP_ORIGIN: 'https://bench.example.com',
  BOOKING_HOLD_MINUTES: '15', POWERTOOLS_SERVICE_NAME: 'bench', POWERTOOLS_LOG_LEVEL: 'INFO',
  NODE_OPTIONS: '--enable-source-maps',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

async function bundle(name: string, entry: string, variant: Variant): Promise<Built> {
  const file = join(OUT_DIR, variant, name.replaceAll(/[^\w-]+/g, '_'), 'index.mjs');
  const result = await build({ ...esbuildOptions(entry, file, VARIANTS[variant]), metafile: true, logLevel: 'error' });
  const output = (result.metafile as Metafile).outputs[Object.keys(result.metafile.outputs).find((o) => o.endsWith('.mjs'))!]!;
  const zodBytes = Object.entries(output.inputs)
    .filter(([path]) => path.includes('node_modules/zod/'))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  return { bytes: statSync(file).size, zodBytes, file };
}

function importMs(file: string): number {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', IMPORT_TIMER, pathToFileURL(file).href], {
    env: LAMBDA_ENV, encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`importing ${file} failed: ${run.stderr}`);
  return Number(run.stdout);
}

const onlyFunctions = process.env.ALP_BENCH_FUNCTIONS?.split(',').map((part) => part.trim()).filter(Boolean);
const chosenFunction = (name: string) => !onlyFunctions?.length || onlyFunctions.some((part) => name.includes(part));

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => value.toFixed(0);

export async function benchLambda(): Promise<string> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const functions = [
    { name: BASELINE, entry: join(PROJECT_ROOT, 'tests', 'bench', 'lambda-baseline.ts') },
    ...[...new Set(Object.values(routes).map((r) => r.handler))].map((h) => ({ name: h, entry: handlerEntry(h) })),
    ...eventConsumers.map((c) => ({ name: c.handler, entry: handlerEntry(c.handler) })),
  ].filter(({ name }, index) => index === 0 || chosenFunction(name));
  const measured: Measured[] = [];
  for (const { name, entry } of functions) {
    measured.push({
      name,
      built: { runtime: await bundle(name, entry, 'runtime'), bundled: await bundle(name, entry, 'bundled') },
      importMs: { runtime: [], bundled: [] },
    });
  }
  // Round-robin, so a busy moment of the machine slows every function alike, not one.
  for (let run = 0; run < RUNS; run++) {
    for (const m of measured) {
      for (const variant of Object.keys(VARIANTS) as Variant[]) m.importMs[variant].push(importMs(m.built[variant].file));
    }
  }

  const baseline = measured[0]!;
  const baseMs = { runtime: median(baseline.importMs.runtime), bundled: median(baseline.importMs.bundled) };
  const rows = measured.map((m) => {
    const runtimeMs = median(m.importMs.runtime);
    const bundledMs = median(m.importMs.bundled);
    const ratio = runtimeMs / baseMs.runtime;
    const within = m === baseline ? '—' : (ratio <= BUDGET_RATIO && m.built.runtime.bytes <= BUDGET_KB * 1024 ? '✓' : '✗ over');
    return `| ${m.name} | ${kb(m.built.runtime.bytes)} | ${kb(m.built.runtime.zodBytes)} | ${ms(runtimeMs)} | ${ratio.toFixed(2)}× | ${within} `
      + `| ${kb(m.built.bundled.bytes)} | ${ms(bundledMs)} | ${(bundledMs / baseMs.runtime).toFixed(2)}× |`;
  });
  const worst = Math.max(...measured.slice(1).map((m) => median(m.importMs.runtime) / baseMs.runtime));
  return [
    `### Lambda cold imports (median of ${RUNS} fresh Node ${process.version} processes each; budget ≤ ${BUDGET_RATIO}× baseline, ≤ ${BUDGET_KB} KB)`,
    '',
    '| Function | Bundle KB (SDK external, deployed) | of which zod KB | Import ms | × baseline | Within | Bundle KB (SDK bundled) | Import ms (SDK bundled) | × baseline |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Baseline: ${ms(baseMs.runtime)} ms with the SDK external, ${ms(baseMs.bundled)} ms bundled. Slowest function: ${worst.toFixed(2)}× baseline.`,
  ].join('\n');
}
