/**
 * The lessons job at scale: loads paid lessons (5,000, then 50,000, spread over 8 days, as the
 * bookings repository stores them) into a fresh DynamoDB Local, the same 50 lessons due for each
 * kind of work at the measured run, and reports the run's DynamoDB calls, items read and read
 * units (ReturnConsumedCapacity), and the messages it sent, beside what the former job read (the
 * whole window from 48 h back to 24 h ahead) on the same data.
 * Run: npm run bench -- lesson-jobs
 */
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { startDynamoDbLocal, startMoto } from '../../infra/local/emulators/emulator.js';
import { handlerEnvironment, provision } from '../../infra/local/emulators/provision.js';
import { loadSettings } from '../../infra/local/settings.js';

const SIZES = (process.env.LESSONS ?? '5000,50000').split(',').map(Number);
const DUE_PER_KIND = 50;
const HOUR = 3_600_000;
/** The measured run: a Monday 10:00 UTC; its window is the 5 minutes before. */
const RUN_AT = new Date('2026-12-07T10:00:00.000Z');

interface Counts { calls: number; items: number; readUnits: number; writeUnits: number }

export async function benchLessonJobs(): Promise<string> {
  const rows: string[] = [];
  for (const size of SIZES) rows.push(await oneSize(size));
  return [
    '| Paid lessons stored | Due (per kind) | DynamoDB calls | Items read | Read units | Write units | Messages sent | Former job: items read | Former job: read units |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

async function oneSize(size: number): Promise<string> {
  const settings = {
    ...loadSettings({ ...process.env, ALP_STAGE: 'bench', AWS_ENDPOINT_URL: 'http://127.0.0.1:4598', AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8598' }),
    seed: false,
  };
  const emulator = await startMoto(settings.endpoint, true, true);
  const dynamodb = await startDynamoDbLocal(settings.dynamodbEndpoint, true, true);
  try {
    const resources = await provision(settings);
    Object.assign(process.env, handlerEnvironment(resources, settings));
    const { bookingItem, lessonTimeSk, paidLessonsPartition } = await import('../../functions/bookings/keys.js');
    const { batchWrite } = await import('../../functions/shared/batch.js');
    const { dynamo } = await import('../../functions/shared/aws/dynamo.js');
    const { paidLessonsStartingBetween } = await import('../../functions/bookings/service.js');
    const { advanceJobCursor } = await import('../../functions/shared/job-cursor.js');
    const { handler } = await import('../../functions/live/jobs/lessons.js');

    const t = RUN_AT.getTime();
    // Due at the run: 24 h and 1 h reminders, 60-minute lessons ending now (complete) and 15 minutes ago (settle).
    const dueStarts = [t + 24 * HOUR, t + HOUR, t - HOUR, t - HOUR - 15 * 60_000];
    // Everyone else on the hour, never at a start whose work is due now.
    const busy = new Set([t + 24 * HOUR, t + HOUR, t - HOUR, t - 2 * HOUR]);
    const otherStarts: number[] = [];
    for (let h = -96; h < 96; h++) if (!busy.has(t + h * HOUR)) otherStarts.push(t + h * HOUR);
    const starts = [
      ...dueStarts.flatMap((s) => Array.from({ length: DUE_PER_KIND }, () => s)),
      ...Array.from({ length: size - dueStarts.length * DUE_PER_KIND }, (_, i) => otherStarts[i % otherStarts.length]!),
    ];
    const paidAt = new Date(t - 10 * 24 * HOUR).toISOString();
    await batchWrite(resources.tableName, starts.map((start, i) => {
      const scheduledAt = new Date(start).toISOString();
      const id = `bench-${i}`;
      const booking = {
        id, studentId: `s-${i % 20_000}`, tutorId: `t-${i % 5_000}`, subject: 'Mathematics', scheduledAt, durationMinutes: 60,
        hourlyRate: 1000, totalAmount: 1000, amountMinor: 100_000, currency: 'KES' as const, status: 'confirmed' as const,
        paymentStatus: 'paid' as const, paymentReference: `ref-${i}`, createdAt: paidAt, paidAt,
        tutor: { id: `t-${i % 5_000}`, firstName: 'Bench', lastName: 'Tutor' }, student: { id: `s-${i % 20_000}`, firstName: 'Bench', lastName: 'Student' },
      };
      return { PutRequest: { Item: { ...bookingItem(booking, [scheduledAt]), gsi3pk: paidLessonsPartition(scheduledAt.slice(0, 10)), gsi3sk: lessonTimeSk(scheduledAt, id) } } };
    }));
    await advanceJobCursor('lessons', new Date(t - 5 * 60_000));

    // Count every DynamoDB call from here on, with the capacity it consumed.
    let counts: Counts = { calls: 0, items: 0, readUnits: 0, writeUnits: 0 };
    // One document client per process: the second size replaces the first one's counter.
    dynamo().middlewareStack.remove('benchCapacity');
    dynamo().middlewareStack.add((next) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const output = out.output as { Items?: unknown[]; Item?: unknown; ConsumedCapacity?: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number } | Array<{ CapacityUnits?: number }> };
      counts.calls += 1;
      counts.items += output.Items?.length ?? (output.Item ? 1 : 0);
      for (const c of [output.ConsumedCapacity ?? []].flat()) {
        const units = c.CapacityUnits ?? 0;
        if ('KeyConditionExpression' in input || 'Key' in input && !('UpdateExpression' in input)) counts.readUnits += units;
        else counts.writeUnits += units;
      }
      return out;
    }, { step: 'initialize', name: 'benchCapacity' });

    const summary = await handler({ job: 'lessons', scheduledTime: RUN_AT.toISOString(), executionId: randomUUID() }, { functionName: 'bench' } as Context) as Record<string, number>;
    const job = counts;
    const sent = (summary.reminders ?? 0) + (summary.completions ?? 0) + (summary.settlements ?? 0);

    counts = { calls: 0, items: 0, readUnits: 0, writeUnits: 0 };
    await paidLessonsStartingBetween(new Date(t - 48 * HOUR), new Date(t + 24 * HOUR + 60_000));
    const former = counts;
    return `| ${size.toLocaleString('en')} | ${DUE_PER_KIND} | ${job.calls} | ${job.items} | ${job.readUnits.toFixed(1)} | ${job.writeUnits.toFixed(1)} | ${sent} | ${former.items.toLocaleString('en')} | ${former.readUnits.toFixed(1)} |`;
  } finally {
    await Promise.all([emulator.stop(), dynamodb.stop()]);
  }
}
