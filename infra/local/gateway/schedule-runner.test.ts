/**
 * The local stand-in for EventBridge Scheduler runs the declared jobs on its timer and on demand,
 * through the same scheduledJob wrapper and input as on AWS (fixture job: tests/infra/fixtures).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeatJob } from '../../../tests/infra/fixtures/jobs.js';
import { heartbeatControl, heartbeatRuns } from '../../../tests/infra/fixtures/heartbeat-job.js';
import { startScheduleRunner, type ScheduleRunner } from './event-runner.js';

let runner: ScheduleRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  heartbeatRuns.length = 0;
  heartbeatControl.fail = false;
});

describe('local schedule runner', () => {
  it('runs every declared job on its timer, each run with its own id', async () => {
    runner = startScheduleRunner([heartbeatJob], { intervalMs: 20 });
    await vi.waitFor(() => expect(heartbeatRuns.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const [first, second] = heartbeatRuns;
    expect(first!.scheduledTime).toBeInstanceOf(Date);
    expect(first!.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.correlationId).not.toBe(first!.correlationId);
  });

  it('leaves calendar jobs (cron) to runs on demand: a weekly job does not run every minute', async () => {
    const weekly = { ...heartbeatJob, expression: 'cron(0 9 ? * MON *)' };
    runner = startScheduleRunner([weekly], { intervalMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heartbeatRuns).toHaveLength(0);
    expect(await runner.runNow('heartbeat')).toEqual({ runs: 1 });
  });

  it('with interval 0 runs nothing by itself, and runs a job when asked (at a given scheduled time), answering its summary', async () => {
    runner = startScheduleRunner([heartbeatJob], { intervalMs: 0 });
    expect(heartbeatRuns).toHaveLength(0);
    expect(await runner.runNow('heartbeat')).toEqual({ runs: 1 });
    expect(heartbeatRuns).toHaveLength(1);
    const at = new Date('2026-11-23T09:00:00.000Z');
    await runner.runNow('heartbeat', at);
    expect(heartbeatRuns[1]!.scheduledTime).toEqual(at);
  });

  it('reports a failed run to whoever asked for it, and refuses a job nobody declared', async () => {
    runner = startScheduleRunner([heartbeatJob], { intervalMs: 0 });
    heartbeatControl.fail = true;
    await expect(runner.runNow('heartbeat')).rejects.toThrow('heartbeat asked to fail');
    await expect(runner.runNow('payout-run')).rejects.toThrow('No timed job payout-run');
  });
});
