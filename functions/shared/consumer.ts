/**
 * SQS consumer wrapper for EventBridge events: validates each message's `detail` against its
 * contract and hands it to its detail-type's handler under the correlation id its event carries.
 * Failures per message, tracing and metrics: the shared SQS batch handler (sqs-batch.ts).
 */
import { eventSchemas, type DetailType, type EventDetail } from '../../events/index.js';
import { sqsBatchHandler } from './sqs-batch.js';

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
  return sqsBatchHandler({
    name,
    annotations: { detailType: name },
    failure: { log: 'Message failed' },
    read: (message) => {
      const envelope = JSON.parse(message.body) as { 'detail-type'?: string; detail?: unknown };
      const detailType = envelope['detail-type'] as DetailType;
      const handle = Object.hasOwn(handlers, detailType) ? handlers[detailType] as (detail: unknown) => Promise<void> : undefined;
      if (!handle) {
        throw new Error(`Expected ${detailTypes.join(' or ')}, got ${envelope['detail-type']}`);
      }
      const detail = eventSchemas[detailType].parse(envelope.detail);
      // An event published before correlation ids existed (or by hand) gets the message's own id.
      return { correlationId: detail.correlationId ?? message.messageId, run: () => handle(detail) };
    },
  });
}
