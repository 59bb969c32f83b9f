/**
 * Starts the whole local product (infra/local/stack.ts: emulator, resources, demo data,
 * gateway, event runner) on test ports, once for all system tests, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import type { LocalResources } from '../../infra/local/provision.js';

export interface StackInfo { url: string; resources: LocalResources }

declare module 'vitest' {
  export interface ProvidedContext { stack: StackInfo }
}

let child: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  const port = process.env.ALP_TEST_PORT ?? '3100';
  const emulatorPort = process.env.ALP_TEST_EMULATOR_PORT ?? '4577';
  child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/stack.ts'], {
    env: {
      ...process.env,
      ALP_PORT: port,
      ALP_EMULATOR_PORT: emulatorPort,
      AWS_ENDPOINT_URL: process.env.ALP_TEST_ENDPOINT ?? `http://127.0.0.1:${emulatorPort}`,
      ALP_STAGE: 'test',
      ALP_QUIET: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR',
    },
    // The IPC channel lets the stack notice if this process dies and stop itself.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`Local stack not ready in 90 s:\n${out}`)), 90_000);
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /ALP_READY (.+)\n/.exec(out)?.[1];
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as StackInfo);
      }
    });
    child!.once('exit', (code) => { clearTimeout(timer); reject(new Error(`Local stack exited (${code}):\n${out}`)); });
  });
  // Keep draining the stack's output so it never blocks on a full pipe.
  child.stdout!.on('data', (chunk: Buffer) => { if (process.env.ALP_TEST_VERBOSE) process.stdout.write(chunk); });
  project.provide('stack', info);

  return async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}
