/**
 * SQS consumer wrapper for EventBridge events: validates each message's `detail` against its
 * contract and reports failures per message (Powertools batch), so one bad message never
 * re-delivers the good ones. One traced subsegment per invocation; each message is handled under
 * the correlation id its event carries (logs, and the events it publishes in turn).
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord, Context } from 'aws-lambda';
import { eventSchemas, type DetailType, type EventDetail } from '../../events/index.js';
import { withCorrelationId } from './correlation.js';
import { logger } from './logger.js';
import { publishBusinessMetrics } from './metrics.js';
import { traceError, traceInvocation } from './tracer.js';

/** A handler per detail-type a consumer takes. */
export type EventHandlers = { [T in DetailType]?: (detail: EventDetail<T>) => Promise<void> };

export function eventConsumer<T extends DetailType>(detailType: T, handle: (detail: EventDetail<T>) => Promise<void>) {
  return eventsConsumer({ [detailType]: handle } as EventHandlers);
}

/**
 * One consumer for several detail-types (definitions: `detailType: [...]`): a domain's reactions
 * to several events share one queue, rule and function.
 */
export function eventsConsumer(handlers: EventHandlers) {
  const detailTypes = Object.keys(handlers) as DetailType[];
  const name = detailTypes.join(',');
  const processor = new BatchProcessor(EventType.SQS);
  const record = async (message: SQSRecord) => {
    const envelope = JSON.parse(message.body) as { 'detail-type'?: string; detail?: unknown };
    const detailType = envelope['detail-type'] as DetailType;
    const handle = Object.hasOwn(handlers, detailType) ? handlers[detailType] as (detail: unknown) => Promise<void> : undefined;
    if (!handle) {
      throw new Error(`Expected ${detailTypes.join(' or ')}, got ${envelope['detail-type']}`);
    }
    const detail = eventSchemas[detailType].parse(envelope.detail);
    // An event published before correlation ids existed (or by hand) gets the message's own id.
    const correlationId = detail.correlationId ?? message.messageId;
    logger.setCorrelationId(correlationId);
    try {
      await withCorrelationId(correlationId, () => handle(detail));
    } catch (error) {
      logger.error('Message failed', { error: error as Error, messageId: message.messageId });
      traceError(error);
      throw error;
    } finally {
      logger.removeKeys(['correlation_id']);
    }
  };
  return async (event: SQSEvent, context: Context) => {
    logger.addContext(context);
    try {
      return await traceInvocation(name, { detailType: name }, () => processPartialResponse(event, record, processor, { context }));
    } finally {
      publishBusinessMetrics();
    }
  };
}
