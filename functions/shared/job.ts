/**
 * The wrapper of every timed job (definitions.schedules), like httpRoute and eventConsumer: the
 * logger with the Lambda context, one traced subsegment per run, the run's id as correlation id
 * (logs, and the events the job publishes), business metrics published at the end. A run that
 * throws fails the invocation: Lambda retries it, then it lands in the job's dead-letter queue
 * (infra/aws/constructs/schedules.ts), which alarms.
 */
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { withCorrelationId } from './correlation.js';
import { logger } from './logger.js';
import { publishBusinessMetrics } from './metrics.js';
import { traceInvocation } from './tracer.js';

/** What the schedule sends (its target input), and the local event runner likewise. */
export const JobInvocation = z.object({
  job: z.string().min(1),
  scheduledTime: z.iso.datetime({ offset: true }),
  executionId: z.string().min(1),
});
export type JobInvocation = z.infer<typeof JobInvocation>;

export interface JobRun {
  /** When the schedule meant it to run (a retry runs later; windows are computed from this). */
  scheduledTime: Date;
}

/** What a run reports (counts), logged once at its end. */
export type JobSummary = Record<string, number | string> | void;

export function scheduledJob(name: string, run: (job: JobRun) => Promise<JobSummary>) {
  return async (event: unknown, context: Context): Promise<JobSummary> => {
    logger.addContext(context);
    const invocation = JobInvocation.parse(event);
    if (invocation.job !== name) throw new Error(`Job ${name} was invoked as ${invocation.job}`);
    logger.setCorrelationId(invocation.executionId);
    try {
      const summary = await withCorrelationId(invocation.executionId, () => traceInvocation(name, { job: name }, () =>
        run({ scheduledTime: new Date(invocation.scheduledTime) })));
      logger.info('Job finished', { job: name, scheduledTime: invocation.scheduledTime, ...summary });
      return summary;
    } catch (error) {
      logger.error('Job failed', { job: name, scheduledTime: invocation.scheduledTime, error: error as Error });
      throw error;
    } finally {
      logger.removeKeys(['correlation_id']);
      publishBusinessMetrics();
    }
  };
}
