/**
 * For every entry of definitions.schedules: an EventBridge Scheduler schedule → the job's Lambda
 * (its own role, the job's grants). What cannot finish lands in the job's dead-letter queue, whose
 * alarm goes to the operator (monitoring.ts): the invocation the scheduler could not deliver after
 * its retries, and the run that failed after Lambda's own retries (the scheduler invokes
 * asynchronously, so a failing run is retried by Lambda, not by the scheduler).
 */
import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { APP_NAME, type ScheduledJob } from '../definitions.js';
import { alarmOnDeadLetters, makeDeadLetterQueue } from './dead-letters.js';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { applyGrants, grantEnvironment, nagArn, type GrantTargets } from './grants.js';

const JOB_TIMEOUT = Duration.seconds(60);
/** Attempts after the first, and how long an undelivered or failing run is worth retrying. */
const RETRY_ATTEMPTS = 2;
const MAX_EVENT_AGE = Duration.hours(1);

export interface JobResources {
  schedule: scheduler.Schedule;
  function: lambda.IFunction;
  /** Assumed by EventBridge Scheduler: may invoke the job's function and write to its DLQ, nothing else. */
  schedulerRole: iam.Role;
  deadLetterQueue: sqs.Queue;
  /** Runs in the dead-letter queue (monitoring.ts sends it to the operator). */
  deadLetterAlarm: cloudwatch.Alarm;
}

export class Schedules extends Construct {
  readonly jobs: Record<string, JobResources> = {};
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.stage = props.stage;
  }

  addJobs(jobs: readonly ScheduledJob[], environment: FunctionEnvironment, grantTargets: GrantTargets): void {
    for (const job of jobs) this.jobs[job.name] = this.addJob(job, environment, grantTargets);
  }

  private addJob(job: ScheduledJob, environment: FunctionEnvironment, grantTargets: GrantTargets): JobResources {
    const scope = new Construct(this, `Job-${job.name}`);
    const name = `${APP_NAME}-${this.stage}-${job.name}`;

    const deadLetterQueue = makeDeadLetterQueue(scope, `${name}-dlq`);
    NagSuppressions.addResourceSuppressions(deadLetterQueue, [{
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of a timed job (scheduler and Lambda failure destination); '
        + 'a DLQ of a DLQ would only hide runs the operator must see (its alarm goes to the alarm topic).',
    }]);

    const fn = new AppFunction(scope, 'Job', {
      handler: job.handler,
      description: `${APP_NAME} ${this.stage} job ${job.name}: ${job.description}`,
      serviceName: `${APP_NAME}-jobs`,
      environment: { ...environment, ...grantEnvironment(job.grants, grantTargets) },
      timeout: JOB_TIMEOUT,
    });
    applyGrants(fn.role, job.grants, grantTargets);
    fn.function.configureAsyncInvoke({
      retryAttempts: RETRY_ATTEMPTS,
      maxEventAge: MAX_EVENT_AGE,
      onFailure: new SqsDestination(deadLetterQueue),
    });

    const stack = Stack.of(this);
    const schedulerRole = new iam.Role(scope, 'SchedulerRole', {
      description: `EventBridge Scheduler invoking the timed job ${job.name}`,
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });

    const schedule = new scheduler.Schedule(scope, 'Schedule', {
      scheduleName: name,
      description: job.description,
      schedule: scheduler.ScheduleExpression.expression(job.expression, job.timeZone ? TimeZone.of(job.timeZone) : undefined),
      timeWindow: scheduler.TimeWindow.off(),
      target: new LambdaInvoke(fn.function, {
        role: schedulerRole,
        deadLetterQueue,
        retryAttempts: RETRY_ATTEMPTS,
        maxEventAge: MAX_EVENT_AGE,
        // What scheduledJob (functions/shared/job.ts) reads: which job, and the run's time and id.
        input: scheduler.ScheduleTargetInput.fromObject({
          job: job.name,
          scheduledTime: scheduler.ContextAttribute.scheduledTime,
          executionId: scheduler.ContextAttribute.executionId,
        }),
      }),
    });

    // After the schedule: binding its target is what writes the role's policy.
    NagSuppressions.addResourceSuppressions(schedulerRole, [{
      id: 'AwsSolutions-IAM5',
      reason: 'lambda:InvokeFunction on the job function\'s ARN and its versions/aliases (ARN:*), as aws-cdk-lib grants '
        + 'invoke; the role can invoke this one function only.',
      appliesTo: [`Resource::${nagArn(scope, fn.function.functionArn)}:*`],
    }], true);

    const deadLetterAlarm = alarmOnDeadLetters(scope, deadLetterQueue, `Runs of the timed job ${job.name} failed or could not be delivered (dead-letter queue)`);

    return { schedule, function: fn.function, schedulerRole, deadLetterQueue, deadLetterAlarm };
  }
}
