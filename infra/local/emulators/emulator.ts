/**
 * Starts (or reuses) the local AWS stand-ins: DynamoDB Local (AWS's own engine, from Maven
 * Central) for DynamoDB, and moto server (pinned, from the project's .venv) for everything else.
 * Both are installed by infra/local/ensure-deps.sh and run in memory: a restart starts fresh.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../settings.js';

export async function emulatorAnswers(endpoint: string): Promise<boolean> {
  try {
    // moto answers /moto-api/, LocalStack /_localstack/health, DynamoDB Local 400: any HTTP answer means "up".
    const res = await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export interface RunningEmulator {
  endpoint: string;
  /** Present when this process started it (and so must stop it). */
  child?: ChildProcess;
  stop(): Promise<void>;
}

interface Launch {
  name: string;
  endpoint: string;
  allowStart: boolean;
  /** Tests want emulators of their own: a shared one mixes their state with another run's. */
  requireFresh: boolean;
  /** The command, or a reason it cannot start (not installed). */
  command: () => { file: string; args: string[] };
}

async function launch({ name, endpoint, allowStart, requireFresh, command }: Launch): Promise<RunningEmulator> {
  if (await emulatorAnswers(endpoint)) {
    if (requireFresh) throw new Error(`Something already answers at ${endpoint}; stop it or choose another port`);
    return { endpoint, stop: async () => {} };
  }
  if (!allowStart) throw new Error(`No ${name} answers at ${endpoint}`);
  const { file, args } = command();
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
  const deadline = Date.now() + 60_000;
  while (!(await emulatorAnswers(endpoint))) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer at ${endpoint} within 60 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    endpoint,
    child,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    }),
  };
}

const notInstalled = (what: string) =>
  new Error(`${what} is not installed: run "bash infra/local/ensure-deps.sh" first (npm start and npm test do).`);

/** moto server for S3, Cognito, EventBridge, SQS, SES and SSM. */
export function startMoto(endpoint: string, allowStart: boolean, requireFresh = false): Promise<RunningEmulator> {
  return launch({
    name: 'moto server', endpoint, allowStart, requireFresh,
    command: () => {
      const python = join(repoRoot, '.venv', 'bin', 'python');
      if (!existsSync(python)) throw notInstalled(`moto server (${join(repoRoot, '.venv')})`);
      const url = new URL(endpoint);
      // Our launcher runs moto's calls one at a time (see moto_server.py for why).
      return { file: python, args: [join(repoRoot, 'infra', 'local', 'emulators', 'moto_server.py'), url.hostname, url.port || '80'] };
    },
  });
}

/** Where ensure-deps.sh puts DynamoDB Local: lib/ (jars) and native/ (sqlite4java, renamed). */
export const dynamoDbLocalDir = join(repoRoot, '.dynamodb-local');

/** DynamoDB Local, in memory, one database for every credential and region (-sharedDb). */
export function startDynamoDbLocal(endpoint: string, allowStart: boolean, requireFresh = false): Promise<RunningEmulator> {
  return launch({
    name: 'DynamoDB Local', endpoint, allowStart, requireFresh,
    command: () => {
      if (!existsSync(join(dynamoDbLocalDir, 'installed'))) throw notInstalled(`DynamoDB Local (${dynamoDbLocalDir})`);
      const port = new URL(endpoint).port || '8000';
      return {
        file: 'java',
        args: [
          // The heap holds requests and metadata; items live in SQLite's native memory.
          '-Xmx512m', '-XX:+UseSerialGC',
          `-Djava.library.path=${join(dynamoDbLocalDir, 'native')}`,
          '-cp', `${join(dynamoDbLocalDir, 'lib')}/*`,
          'com.amazonaws.services.dynamodbv2.local.main.ServerRunner',
          '-inMemory', '-sharedDb', '-disableTelemetry', '-port', port,
        ],
      };
    },
  });
}

/** Resident memory of a process in MB (Linux /proc), or undefined where it cannot be read. */
export function residentMegabytes(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
