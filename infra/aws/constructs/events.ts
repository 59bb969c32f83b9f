/**
 * The product's EventBridge bus and, for every entry of definitions.eventConsumers, the chain
 * rule → SQS queue (with DLQ) → consumer Lambda (docs/architecture.md "Events and their consumers").
 */
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_SOURCE } from '../../../events/index.js';
import { APP_NAME, consumerDetailTypes, type EventConsumer } from '../definitions.js';
import { addQueuePoller } from './concurrency.js';
import { alarmOnDeadLetters, makeDeadLetterQueue } from './dead-letters.js';
import { PAGE_RENDERER_ASSET_DIR } from '../prerendered-pages.js';
import { RENDERER_DIR_ENV } from '../../../functions/sitepages/files.js';
import { AppFunction, type ExtraFile, type FunctionEnvironment } from './function.js';
import { applyGrants, grantEnvironment, type GrantTargets } from './grants.js';

/** Consumer Lambda timeout; the queue's visibility timeout is six times this (AWS guidance). */
const CONSUMER_TIMEOUT = Duration.seconds(30);

export interface EventsProps {
  stage: string;
  /**
   * The built page renderer folder (the web build's .local/page-renderer), copied into the asset of
   * each consumer marked `pageRenderer`; undefined when it was not built (the stack warns).
   */
  pageRendererPath?: string;
}

export interface ConsumerResources {
  queue: sqs.Queue;
  deadLetterQueue: sqs.Queue;
  rule: events.Rule;
  function: lambda.IFunction;
  /** Messages in the dead-letter queue (infra/aws/constructs/monitoring.ts sends it to the operator). */
  deadLetterAlarm: cloudwatch.Alarm;
}

export class Events extends Construct {
  readonly bus: events.EventBus;
  private readonly stage: string;
  private readonly pageRendererPath: string | undefined;
  readonly consumers: Record<string, ConsumerResources> = {};

  constructor(scope: Construct, id: string, props: EventsProps) {
    super(scope, id);
    this.stage = props.stage;
    this.pageRendererPath = props.pageRendererPath;
    this.bus = new events.EventBus(this, 'Bus', {
      description: 'Product events (source alp.platform): UserSignedUp, PaymentConfirmed, KycApproved, ...',
    });
  }

  /**
   * Creates the queue chain and consumer for each definition (after the function environment
   * exists), under `parent`: the stack passes a nested stack so the bus's template keeps room.
   */
  addConsumers(consumers: readonly EventConsumer[], environment: FunctionEnvironment, grantTargets: GrantTargets, parent: Construct = this): void {
    for (const consumer of consumers) {
      this.consumers[consumer.name] = this.addConsumer(parent, consumer, environment, grantTargets);
    }
  }

  private addConsumer(parent: Construct, consumer: EventConsumer, environment: FunctionEnvironment, grantTargets: GrantTargets): ConsumerResources {
    const scope = new Construct(parent, `Consumer-${consumer.name}`);
    const queueName = `${APP_NAME}-${this.stage}-${consumer.name}`;

    const deadLetterQueue = makeDeadLetterQueue(scope, `${queueName}-dlq`);

    const queue = new sqs.Queue(scope, 'Queue', {
      queueName,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(CONSUMER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: consumer.maxReceiveCount },
    });

    const rule = new events.Rule(scope, 'Rule', {
      eventBus: this.bus,
      description: `${consumerDetailTypes(consumer).join(', ')} → ${queueName}`,
      eventPattern: { source: [EVENT_SOURCE], detailType: consumerDetailTypes(consumer) },
      targets: [new targets.SqsQueue(queue, {
        // Events EventBridge cannot deliver to the queue land in the same DLQ.
        deadLetterQueue,
        retryAttempts: 10,
        maxEventAge: Duration.hours(24),
      })],
    });

    // The renderer rides in the asset as a folder of its own; the function finds it relative to LAMBDA_TASK_ROOT.
    const renderer = consumer.pageRenderer && this.pageRendererPath ? this.pageRendererPath : undefined;
    const extraFiles: ExtraFile[] = [...(consumer.extraFiles ?? []), ...(renderer ? [{ directory: renderer, as: PAGE_RENDERER_ASSET_DIR }] : [])];
    const fn = new AppFunction(scope, 'Consumer', {
      handler: consumer.handler,
      description: `${APP_NAME} ${this.stage} consumer ${consumer.name} (${consumerDetailTypes(consumer).join(', ')})`,
      serviceName: `${APP_NAME}-events`,
      // A consumer holding a provider's grant (e.g. payouts) needs its API and secret, like a route.
      environment: {
        ...environment,
        ...grantEnvironment(consumer.grants, grantTargets),
        ...(renderer ? { [RENDERER_DIR_ENV]: PAGE_RENDERER_ASSET_DIR } : {}),
      },
      timeout: CONSUMER_TIMEOUT,
      ...(extraFiles.length ? { extraFiles } : {}),
      // The page consumers write CloudFront's store of record pages (functions/sitepages/record-store.ts).
      ...(consumer.pageRenderer ? { bundlesRecordStore: true as const } : {}),
    });
    applyGrants(fn.role, consumer.grants, grantTargets);
    addQueuePoller(fn.function, queue, { maxConcurrency: consumer.maxConcurrency });

    const deadLetterAlarm = alarmOnDeadLetters(scope, deadLetterQueue, `Messages for ${consumer.name} reached its dead-letter queue`);

    return { queue, deadLetterQueue, rule, function: fn.function, deadLetterAlarm };
  }
}
