/**
 * The dead-letter queue every event consumer and timed job has, and its alarm: any message in it
 * means work the product could not do, so the operator hears of it (monitoring's SNS topic).
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export function makeDeadLetterQueue(scope: Construct, queueName: string): sqs.Queue {
  return new sqs.Queue(scope, 'DeadLetterQueue', {
    queueName,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
}

/** In alarm as soon as one message waits in the queue (checked every 5 minutes). */
export function alarmOnDeadLetters(scope: Construct, queue: sqs.IQueue, description: string): cloudwatch.Alarm {
  return new cloudwatch.Alarm(scope, 'DeadLetterAlarm', {
    alarmDescription: description,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}
