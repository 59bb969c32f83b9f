import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/gateway/lambda-context.js';
import { eventConsumer, eventsConsumer } from './consumer.js';
import { currentCorrelationId } from './correlation.js';

const approved = (extra: Record<string, unknown>) => ({ tutorId: 't1', reviewerId: 'a1', occurredAt: '2025-01-01T00:00:00.000Z', ...extra });

function sqsEvent(...details: Array<Record<string, unknown>>): SQSEvent {
  return typedSqsEvent(...details.map((detail) => ['KycApproved', detail] as const));
}

function typedSqsEvent(...messages: ReadonlyArray<readonly [string, Record<string, unknown>]>): SQSEvent {
  return {
    Records: messages.map(([detailType, detail], i) => ({
      messageId: `m${i}`, receiptHandle: `h${i}`, body: JSON.stringify({ 'detail-type': detailType, detail }),
      attributes: {} as SQSEvent['Records'][number]['attributes'], messageAttributes: {}, md5OfBody: '',
      eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:local:0:q', awsRegion: 'local',
    })),
  };
}

describe('eventConsumer', () => {
  it('handles each message under the correlation id its event carries (else the message id)', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const consumer = eventConsumer('KycApproved', async (detail) => { seen.push([detail.tutorId, currentCorrelationId()]); });
    const result = await consumer(sqsEvent(approved({ correlationId: 'req-42' }), approved({ tutorId: 't2' })), lambdaContext('test'));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual([['t1', 'req-42'], ['t2', 'm1']]);
  });

  it('reports only the message that failed', async () => {
    const consumer = eventConsumer('KycApproved', async (detail) => {
      if (detail.tutorId === 'bad') throw new Error('no such tutor');
    });
    const result = await consumer(sqsEvent(approved({}), approved({ tutorId: 'bad' })), lambdaContext('test'));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
  });
});

describe('eventsConsumer (several detail-types, one queue)', () => {
  it('hands each message to its type\'s handler and fails a type it does not take', async () => {
    const seen: string[] = [];
    const consumer = eventsConsumer({
      KycApproved: async (detail) => { seen.push(`kyc ${detail.tutorId}`); },
      UserSignedUp: async (detail) => { seen.push(`signup ${detail.userId}`); },
    });
    const signUp = { userId: 'u1', email: 'a@example.com', firstName: 'A', role: 'student', adminRequested: false, occurredAt: '2025-01-01T00:00:00.000Z' };
    const result = await consumer(typedSqsEvent(['KycApproved', approved({})], ['UserSignedUp', signUp], ['toString', {}]), lambdaContext('test'));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(seen.sort()).toEqual(['kyc t1', 'signup u1']);
  });
});
