/**
 * SQS consumer wrapper for EventBridge events: validates each message's `detail` against its
 * contract and reports failures per message (Powertools batch), so one bad message never
 * re-delivers the good ones.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord, Context } from 'aws-lambda';
import { eventSchemas, type DetailType, type EventDetail } from '../../events/index.js';
import { logger } from './logger.js';
import { publishBusinessMetrics } from './metrics.js';

export function eventConsumer<T extends DetailType>(detailType: T, handle: (detail: EventDetail<T>) => Promise<void>) {
  const processor = new BatchProcessor(EventType.SQS);
  const record = async (message: SQSRecord) => {
    const envelope = JSON.parse(message.body) as { 'detail-type'?: string; detail?: unknown };
    if (envelope['detail-type'] !== detailType) {
      throw new Error(`Expected ${detailType}, got ${envelope['detail-type']}`);
    }
    const detail = eventSchemas[detailType].parse(envelope.detail) as EventDetail<T>;
    await handle(detail);
  };
  return async (event: SQSEvent, context: Context) => {
    logger.addContext(context);
    try {
      return await processPartialResponse(event, record, processor, { context });
    } finally {
      publishBusinessMetrics();
    }
  };
}
