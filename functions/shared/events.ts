/**
 * Publishes product events on the bus, validated against their contract first. Each event carries
 * the correlation id of the request or message being handled (functions/shared/correlation.ts).
 */
import { EVENT_SOURCE, eventSchemas, type DetailType, type EventDetail } from '../../events/index.js';
import { eventBridge } from './aws/eventbridge.js';
import { config } from './config.js';
import { currentCorrelationId } from './correlation.js';

export async function publishEvent<T extends DetailType>(detailType: T, detail: EventDetail<T>): Promise<void> {
  const valid = eventSchemas[detailType].parse({ ...detail, correlationId: detail.correlationId ?? currentCorrelationId() });
  const { client, sdk } = await eventBridge();
  const result = await client.send(new sdk.PutEventsCommand({
    Entries: [{
      EventBusName: config.eventBusName,
      Source: EVENT_SOURCE,
      DetailType: detailType,
      Detail: JSON.stringify(valid),
    }],
  }));
  if (result.FailedEntryCount) {
    throw new Error(`PutEvents failed for ${detailType}: ${JSON.stringify(result.Entries)}`);
  }
}
