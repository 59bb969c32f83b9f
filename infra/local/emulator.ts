/** Starts (or reuses) the AWS emulator: moto server from the project's .venv, pinned version. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './settings.js';

export async function emulatorAnswers(endpoint: string): Promise<boolean> {
  try {
    // moto answers /moto-api/; LocalStack answers /_localstack/health. Any HTTP answer means "up".
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

export async function startEmulator(endpoint: string, allowStart: boolean, requireFresh = false): Promise<RunningEmulator> {
  if (await emulatorAnswers(endpoint)) {
    // Tests want an emulator of their own: a shared one mixes their state with another run's.
    if (requireFresh) throw new Error(`Something already answers at ${endpoint}; stop it or choose another port`);
    return { endpoint, stop: async () => {} };
  }
  if (!allowStart) throw new Error(`No AWS emulator answers at ${endpoint}`);
  const url = new URL(endpoint);
  const python = join(repoRoot, '.venv', 'bin', 'python');
  if (!existsSync(python)) {
    throw new Error(`moto server not installed in ${join(repoRoot, '.venv')}: run "bash infra/local/ensure-deps.sh" first`);
  }
  // Our launcher serves one request at a time (see moto_server.py for why).
  const child = spawn(python, [join(repoRoot, 'infra', 'local', 'moto_server.py'), url.hostname, url.port || '80'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
  const deadline = Date.now() + 30_000;
  while (!(await emulatorAnswers(endpoint))) {
    if (child.exitCode !== null) throw new Error(`moto server exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto server did not answer at ${endpoint} within 30 s: ${stderr}`);
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
