/**
 * The one SQS batch handler behind every queue-reading Lambda (event consumers, shared/consumer.ts;
 * work-queue workers, shared/work-queue.ts): failures reported per message (Powertools batch), so
 * one bad message never re-delivers the good ones; one traced subsegment per invocation; each
 * message handled under its correlation id (logs, and the events it publishes in turn); business
 * metrics flushed once per invocation.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { withCorrelationId } from './correlation.js';
import { logger } from './logger.js';
import { publishBusinessMetrics } from './metrics.js';
import { traceError, traceInvocation } from './tracer.js';

/** One message, read: the correlation id to run under and the work it asks for. */
export interface ReadMessage { correlationId: string; run: () => Promise<void> }

export interface SqsBatchHandlerOptions {
  /** The trace subsegment's name. */
  name: string;
  /** Annotations of the invocation's trace. */
  annotations: Record<string, string>;
  /** The log line of a message whose work failed (never sent to a user), and keys logged beside its message id. */
  failure: { log: string; keys?: Record<string, unknown> };
  /** Parses the message (a throw fails this message only) and says what to run for it. */
  read: (message: SQSRecord) => ReadMessage;
}

export function sqsBatchHandler({ name, annotations, failure, read }: SqsBatchHandlerOptions) {
  const processor = new BatchProcessor(EventType.SQS);
  const record = async (message: SQSRecord) => {
    const { correlationId, run } = read(message);
    logger.setCorrelationId(correlationId);
    try {
      await withCorrelationId(correlationId, run);
    } catch (error) {
      logger.error(failure.log, { error: error as Error, messageId: message.messageId, ...failure.keys });
      traceError(error);
      throw error;
    } finally {
      logger.removeKeys(['correlation_id']);
    }
  };
  return async (event: SQSEvent, context: Context) => {
    logger.addContext(context);
    try {
      return await traceInvocation(name, annotations, () => processPartialResponse(event, record, processor, { context }));
    } finally {
      publishBusinessMetrics();
    }
  };
}
