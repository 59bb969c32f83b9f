/**
 * A queue of a test's own on the product's bus, beside the real consumers: a copy of every
 * event of some detail types, so a test can see what was published and how often.
 */
import { randomUUID } from 'node:crypto';
import { DeleteRuleCommand, EventBridgeClient, PutRuleCommand, PutTargetsCommand, RemoveTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, DeleteQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { EVENT_SOURCE, type DetailType, type EventDetail } from '../../events/index.js';
import { clientConfig } from '../../infra/local/emulators/provision.js';
import { stack } from './api.js';

export interface EventListener<T extends DetailType> {
  /** Everything received so far (drains the queue first). */
  received(): Promise<Array<{ 'detail-type': T; detail: EventDetail<T> }>>;
  close(): Promise<void>;
}

export async function listenForEvents<T extends DetailType>(detailTypes: readonly T[]): Promise<EventListener<T>> {
  const resources = stack().resources;
  const eventBridge = new EventBridgeClient(clientConfig(resources));
  const sqs = new SQSClient(clientConfig(resources));
  const name = `test-listener-${randomUUID().slice(0, 8)}`;
  const { QueueUrl: queueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name }));
  const attrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
  await eventBridge.send(new PutRuleCommand({
    Name: name, EventBusName: resources.eventBusName, State: 'ENABLED',
    EventPattern: JSON.stringify({ source: [EVENT_SOURCE], 'detail-type': detailTypes }),
  }));
  await eventBridge.send(new PutTargetsCommand({
    Rule: name, EventBusName: resources.eventBusName, Targets: [{ Id: 'queue', Arn: attrs.Attributes!.QueueArn }],
  }));
  const received: Array<{ 'detail-type': T; detail: EventDetail<T> }> = [];
  return {
    async received() {
      for (;;) {
        const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
        if (!out.Messages?.length) return received;
        for (const m of out.Messages) received.push(JSON.parse(m.Body!));
      }
    },
    async close() {
      await eventBridge.send(new RemoveTargetsCommand({ Rule: name, EventBusName: resources.eventBusName, Ids: ['queue'] }));
      await eventBridge.send(new DeleteRuleCommand({ Name: name, EventBusName: resources.eventBusName }));
      await sqs.send(new DeleteQueueCommand({ QueueUrl: queueUrl }));
    },
  };
}
