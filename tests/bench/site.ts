/**
 * What the browser benchmarks share: the local product on a benchmark's own ports, serving the
 * SPA build in frontend/dist or the one ALP_WEB_DIST names (to measure an older build), and the
 * JavaScript budget per page (docs/decisions/2026-11-27-performance-budgets.md).
 */
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { clientConfig, type LocalResources } from '../../infra/local/emulators/provision.js';
import { startLocalStack, type RunningStack } from '../support/local-stack.js';

export interface Site { url: string; stack: RunningStack; stop(): Promise<void>; pageUrl(path: string): string }

/** A path with `{tutor}` names the first seeded tutor (its profile, its booking page); `{course}` the first published course. */
export async function startSite(stage: string, gatewayPort: number): Promise<Site> {
  // ALP_BENCH_PORT_SHIFT moves every port, so a second checkout can run the benchmarks at once.
  const port = (n: number) => String(n + Number(process.env.ALP_BENCH_PORT_SHIFT ?? 0));
  const stack = await startLocalStack({
    port: port(gatewayPort), emulatorPort: port(gatewayPort + 1400), dynamodbPort: port(gatewayPort + 5400),
    paystackPort: port(gatewayPort + 1000), stage,
    // Measure what AWS runs: no response checks there.
    validateResponses: false,
  });
  const url = stack.info.url;
  await consumersIdle(stack.info.resources);
  const first = await (await fetch(`${url}/api/tutors?limit=1`)).json() as { tutors: Array<{ id: string }> };
  const tutor = first.tutors[0]?.id ?? 'none';
  const courses = await (await fetch(`${url}/api/courses?limit=1`)).json() as { courses: Array<{ id: string }> };
  const course = courses.courses[0]?.id ?? 'none';
  return { url, stack, stop: () => stack.stop(), pageUrl: (path) => `${url}${path.replace('{tutor}', tutor).replace('{course}', course)}` };
}

/**
 * Waits until every consumer's queue is empty: the seed's events (pages rendered, counters kept)
 * keep the machine busy for a while after start, and the first page measured would pay for it.
 */
async function consumersIdle(resources: LocalResources, timeoutMs = 300_000): Promise<void> {
  const sqs = new SQSClient(clientConfig(resources));
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      let left = 0;
      for (const queueUrl of Object.values(resources.queues)) {
        const { Attributes: a = {} } = await sqs.send(new GetQueueAttributesCommand({
          QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
        }));
        left += Number(a.ApproximateNumberOfMessages ?? 0) + Number(a.ApproximateNumberOfMessagesNotVisible ?? 0) + Number(a.ApproximateNumberOfMessagesDelayed ?? 0);
      }
      if (left === 0 || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    sqs.destroy();
  }
}

/** gzip JavaScript a browser downloads on first load: the two pages most first visits open get less. */
export function jsBudgetKB(path: string): number {
  return path === '/' || path === '/browse-tutors' ? 120 : 150;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const mark = (ok: boolean) => (ok ? '✓' : '✗ over');

/** `ALP_BENCH_PAGES=/course-dashboard,/` measures only those pages (all when unset). */
export const chosenPage = (path: string): boolean => {
  const only = process.env.ALP_BENCH_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
  return !only?.length || only.includes(path);
};
