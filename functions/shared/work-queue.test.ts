import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lambdaContext } from '../../infra/local/gateway/lambda-context.js';
import { currentCorrelationId } from './correlation.js';
import { workConsumer } from './work-queue.js';

const Work = z.object({ lessonId: z.string() });

function sqsEvent(...bodies: Array<Record<string, unknown> | string>): SQSEvent {
  return {
    Records: bodies.map((body, i) => ({
      messageId: `m${i}`, receiptHandle: `h${i}`, body: typeof body === 'string' ? body : JSON.stringify(body),
      attributes: {} as SQSEvent['Records'][number]['attributes'], messageAttributes: {}, md5OfBody: '',
      eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:local:0:q', awsRegion: 'local',
    })),
  };
}

describe('workConsumer', () => {
  it('handles each piece of work under the correlation id its job sent (else the message id)', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const worker = workConsumer('lesson-work', Work, async (work) => { seen.push([work.lessonId, currentCorrelationId()]); });
    const result = await worker(sqsEvent({ lessonId: 'b1', correlationId: 'job-7' }, { lessonId: 'b2' }), lambdaContext('test'));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual([['b1', 'job-7'], ['b2', 'm1']]);
  });

  it('reports only the messages that failed or do not match the schema, so the rest are not delivered again', async () => {
    const worker = workConsumer('lesson-work', Work, async (work) => {
      if (work.lessonId === 'bad') throw new Error('no such lesson');
    });
    const result = await worker(sqsEvent({ lessonId: 'b1' }, { lessonId: 'bad' }, { lesson: 'b3' }, 'not json'), lambdaContext('test'));
    expect(result.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m1', 'm2', 'm3']);
  });
});
