/**
 * For every entry of definitions.workQueues: an encrypted, SSL-only SQS queue with a DLQ (and its
 * alarm) and the worker Lambda reading it through an event source mapping whose maximum
 * concurrency bounds how many workers run at once (a due peak never starves the API of Lambda
 * concurrency, nor a provider of its rate limit). The timed jobs that send to a queue
 * (`sendsTo`) get its URL in their environment and sqs:SendMessage on it only.
 */
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { workQueueUrlVariable } from '../../../functions/shared/work-queue-url.js';
import { APP_NAME, type ScheduledJob, type WorkQueue } from '../definitions.js';
import { alarmOnDeadLetters, makeDeadLetterQueue } from './dead-letters.js';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { applyGrants, grantEnvironment, type GrantTargets } from './grants.js';

export interface WorkQueueResources {
  queue: sqs.Queue;
  deadLetterQueue: sqs.Queue;
  function: lambda.IFunction;
  deadLetterAlarm: cloudwatch.Alarm;
}

export class WorkQueues extends Construct {
  readonly queues: Record<string, WorkQueueResources> = {};
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.stage = props.stage;
  }

  addQueues(queues: readonly WorkQueue[], environment: FunctionEnvironment, grantTargets: GrantTargets): void {
    for (const work of queues) this.queues[work.name] = this.addQueue(work, environment, grantTargets);
  }

  /** The job's function may send to the queues it names, and finds each one's URL in its environment. */
  connectJob(job: ScheduledJob, fn: lambda.IFunction): void {
    for (const name of job.sendsTo ?? []) {
      const target = this.queues[name];
      if (!target) throw new Error(`Job ${job.name} sends to ${name}, which definitions.workQueues does not declare`);
      if (!(fn instanceof lambda.Function)) throw new Error(`Job ${job.name}: its function cannot take an environment variable`);
      fn.addEnvironment(workQueueUrlVariable(name), target.queue.queueUrl);
      target.queue.grantSendMessages(fn);
    }
  }

  private addQueue(work: WorkQueue, environment: FunctionEnvironment, grantTargets: GrantTargets): WorkQueueResources {
    const scope = new Construct(this, `Work-${work.name}`);
    const queueName = `${APP_NAME}-${this.stage}-${work.name}`;
    const deadLetterQueue = makeDeadLetterQueue(scope, `${queueName}-dlq`);
    const timeout = Duration.seconds(work.timeoutSeconds);
    const queue = new sqs.Queue(scope, 'Queue', {
      queueName,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(work.timeoutSeconds * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: work.maxReceiveCount },
    });
    const fn = new AppFunction(scope, 'Worker', {
      handler: work.handler,
      description: `${APP_NAME} ${this.stage} worker ${work.name}: ${work.description}`,
      serviceName: `${APP_NAME}-workers`,
      environment: { ...environment, ...grantEnvironment(work.grants, grantTargets) },
      timeout,
    });
    applyGrants(fn.role, work.grants, grantTargets);
    fn.function.addEventSource(new SqsEventSource(queue, {
      batchSize: 10,
      reportBatchItemFailures: true,
      maxConcurrency: work.maxConcurrency,
    }));
    const deadLetterAlarm = alarmOnDeadLetters(scope, deadLetterQueue, `Work for ${work.name} reached its dead-letter queue`);
    return { queue, deadLetterQueue, function: fn.function, deadLetterAlarm };
  }
}
