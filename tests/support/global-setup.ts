/**
 * Starts the whole local product (emulator, resources, demo data, gateway, event runner) on
 * test ports, once for all system tests, and stops it afterwards.
 */
import type { TestProject } from 'vitest/node';
import { startLocalStack, type StackInfo } from './local-stack.js';

declare module 'vitest' {
  export interface ProvidedContext { stack: StackInfo }
}

export default async function setup(project: TestProject) {
  const stack = await startLocalStack({
    port: process.env.ALP_TEST_PORT ?? '3100',
    emulatorPort: process.env.ALP_TEST_EMULATOR_PORT ?? '4577',
    stage: 'test',
  });
  project.provide('stack', stack.info);
  return () => stack.stop();
}
