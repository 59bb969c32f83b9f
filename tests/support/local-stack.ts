/** Runs infra/local/stack.ts (the whole local product) as a child process on given ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { LocalResources } from '../../infra/local/emulators/provision.js';

/** `sandboxUrls`: each outside provider's local sandbox by provider id (infra/local/sandboxes/index.ts). */
export interface StackInfo { url: string; resources: LocalResources; sandboxUrls: Record<string, string> }
export interface EmulatorMemory { motoMB?: number; dynamodbLocalMB?: number }
export interface RunningStack {
  info: StackInfo;
  /** Resident memory of the emulators the stack started. */
  memory(): Promise<EmulatorMemory>;
  /** Runs a timed job (definitions.schedules) now, in the stack; rejects when the run fails. */
  runJob(name: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalStack(opts: {
  port: string; emulatorPort: string; dynamodbPort: string; stage: string; seed?: boolean; paystackPort?: string;
  /** Check every success body against its route's schema (functions/shared/http.ts); default on. */
  validateResponses?: boolean;
}): Promise<RunningStack> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/stack.ts'], {
    env: {
      ...process.env,
      ALP_PORT: opts.port,
      ALP_EMULATOR_PORT: opts.emulatorPort,
      AWS_ENDPOINT_URL: `http://127.0.0.1:${opts.emulatorPort}`,
      ALP_DYNAMODB_PORT: opts.dynamodbPort,
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${opts.dynamodbPort}`,
      ALP_STAGE: opts.stage,
      ALP_FRESH_EMULATOR: 'true',
      ALP_PAYSTACK_PORT: opts.paystackPort ?? process.env.ALP_TEST_PAYSTACK_PORT ?? '4110',
      ALP_BIGBLUEBUTTON_PORT: process.env.ALP_TEST_BIGBLUEBUTTON_PORT ?? '4130',
      ALP_BEDROCK_PORT: process.env.ALP_TEST_BEDROCK_PORT ?? '4140',
      ALP_AFRICASTALKING_PORT: process.env.ALP_TEST_AFRICASTALKING_PORT ?? '4150',
      ALP_WHATSAPP_PORT: process.env.ALP_TEST_WHATSAPP_PORT ?? '4160',
      ALP_SEED: opts.seed === false ? 'false' : 'true',
      ALP_QUIET: 'true',
      // Timed jobs run only when a test asks (runJob), never in the middle of another test.
      ALP_SCHEDULE_INTERVAL_MS: '0',
      // Success bodies are checked against their route's response schema: contract drift is a 500 here.
      ALP_VALIDATE_RESPONSES: opts.validateResponses === false ? 'false' : 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR',
    },
    // The IPC channel lets the stack notice if this process dies and stop itself.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    let out = '';
    // Only a hung start trips it: a seeded start (pages rendered too) took 108 s at a load average of 12.
    const timer = setTimeout(() => reject(new Error(`Local stack not ready in 300 s:\n${out}`)), 300_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /ALP_READY (.+)\n/.exec(out)?.[1];
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as StackInfo);
      }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`Local stack exited (${code}):\n${out}`)); });
  });
  // Keep draining the stack's output so it never blocks on a full pipe.
  child.stdout!.on('data', (chunk: Buffer) => { if (process.env.ALP_TEST_VERBOSE) process.stdout.write(chunk); });
  return {
    info,
    memory: () => new Promise<EmulatorMemory>((resolve) => {
      const timer = setTimeout(() => resolve({}), 5000);
      child.once('message', (message: { memory?: EmulatorMemory }) => { clearTimeout(timer); resolve(message.memory ?? {}); });
      child.send('memory');
    }),
    runJob: (name) => new Promise<void>((resolve, reject) => {
      const answer = (message: { jobRan?: string; error?: string }) => {
        if (message.jobRan !== name) return;
        child.off('message', answer);
        if (message.error) reject(new Error(message.error)); else resolve();
      };
      child.on('message', answer);
      child.send({ runJob: name });
    }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
