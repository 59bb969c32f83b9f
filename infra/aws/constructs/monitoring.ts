/**
 * What wakes an operator: one SNS topic (subscribe an e-mail with `-c alarmEmail=…`, or any
 * endpoint to the AlarmTopicArn output) and the alarms that publish to it — API 5xx, API p95
 * latency, messages in any dead-letter queue, the business metrics that mean a payer's money
 * is stuck (functions/shared/metric-names.ts), a day's SMS and WhatsApp spend, and real visits'
 * page speed: p75 LCP of a public page type over 2.5 s for a day (functions/rum), with the
 * field-speed dashboard of p75 LCP, INP, CLS and TTFB per page type.
 */
import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { BusinessMetric, METRICS_NAMESPACE, METRICS_SERVICE, MONEY_STUCK_METRICS } from '../../../functions/shared/metric-names.js';
import { PUBLIC_RUM_PAGE_TYPES, RUM_METRICS, RUM_PAGE_TYPES, type RumMetricName } from '../../../functions/rum/contract.js';
import { RUM_NAMESPACE } from '../../../functions/rum/rules.js';
import { APP_NAME } from '../definitions.js';

export interface MonitoringProps {
  stage: string;
  httpApi: apigw.HttpApi;
  /** Alarms made elsewhere (e.g. each consumer's dead-letter alarm) that must reach the operator too. */
  alarms: readonly cloudwatch.Alarm[];
  /** An e-mail subscribed to the topic (it must confirm the subscription). */
  alarmEmail?: string;
  /** p95 latency of the API above which it alarms (default 3 s: the budget is far below). */
  latencyP95Ms?: number;
  /** KES of SMS and WhatsApp in one day above which it alarms (default DEFAULT_MESSAGING_DAILY_SPEND_KES). */
  messagingDailySpendKes?: number;
}

/** Google's "good" LCP at p75: above it for a day, real visitors on that page type wait too long. */
export const FIELD_LCP_P75_MS = 2500;

/** About 3,750 one-page SMS at KES 0.80: well above a normal day's reminders and confirmations, far below a runaway loop's. */
export const DEFAULT_MESSAGING_DAILY_SPEND_KES = 3000;

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  /** Publishes an alarm's and its recovery's notifications to the topic. */
  readonly action: SnsAction;
  readonly alarms: Record<string, cloudwatch.Alarm> = {};
  /** p75 of each field metric per page type (functions/rum). */
  readonly speedDashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `${APP_NAME}-${props.stage}-alarms`,
      displayName: `Africa's Learning Platform (${props.stage}) alarms`,
      enforceSSL: true,
    });
    NagSuppressions.addResourceSuppressions(this.topic, [{
      id: 'AwsSolutions-SNS2',
      reason: 'Alarm notifications carry alarm names and states, no personal data; CloudWatch cannot publish to a topic '
        + 'encrypted with the AWS managed aws/sns key, and a customer managed key only for this would cost more than it protects.',
    }]);
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    this.action = action;

    const alarm = (name: string, description: string, metric: cloudwatch.IMetric, threshold: number, periods = 1) => {
      const created = new cloudwatch.Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: periods,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms[name] = created;
      return created;
    };

    alarm('Api5xx', 'The API answered 5xx (a real fault: handlers map every expected refusal to 4xx)',
      props.httpApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }), 0);
    const latencyMs = props.latencyP95Ms ?? 3000;
    alarm('ApiLatencyP95', `API p95 latency above ${latencyMs} ms for 15 minutes`,
      props.httpApi.metricLatency({ period: Duration.minutes(5), statistic: 'p95' }), latencyMs, 3);
    for (const name of MONEY_STUCK_METRICS) {
      alarm(`Business-${name}`, `${name}: a payer's money is stuck until an operator acts (admin dashboard → problem payments)`,
        new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { service: METRICS_SERVICE },
          period: Duration.minutes(5), statistic: 'Sum',
        }), 0);
    }
    const spendKes = props.messagingDailySpendKes ?? DEFAULT_MESSAGING_DAILY_SPEND_KES;
    // One day's sum (a metric alarm's longest period): the daily caps bound it, this says it is near.
    // Says what to do, in the terms an operator deploys with (CDK context), not the functions' variables.
    alarm('MessagingDailySpend', `SMS and WhatsApp spend above KES ${spendKes} in a day. Look at MessagingCapReached and MessageFallback for a loop `
      + 'or one account sending far more than usual; if the traffic is real, raise the caps with CDK context and redeploy: '
      + 'cdk deploy -c messagingUserDailyCap=<per user a day> -c messagingPlatformDailyCap=<platform a day> '
      + '(-c messagingWhatsAppCostKes=<KES a WhatsApp message> when Meta\'s price changed; -c messagingDailySpendAlarmKes=<KES> moves this alarm). docs/operations.md',
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE, metricName: BusinessMetric.messagingSpendKes, dimensionsMap: { service: METRICS_SERVICE },
        period: Duration.days(1), statistic: 'Sum',
      }), spendKes);
    // Real visits' speed (functions/rum): CloudWatch keeps the beacons' values, so p75 is exact.
    const field = (metricName: RumMetricName, pageType: string, period: Duration, label?: string) => new cloudwatch.Metric({
      namespace: RUM_NAMESPACE, metricName, dimensionsMap: { pageType }, statistic: 'p75', period, ...(label ? { label } : {}),
    });
    for (const pageType of PUBLIC_RUM_PAGE_TYPES) {
      alarm(`FieldLcp-${pageType}`, `Real visits to ${pageType} pages: p75 LCP above ${FIELD_LCP_P75_MS} ms over a day. `
        + 'Open the field-speed dashboard (by connection type too) and compare with npm run bench -- lighthouse / rum (docs/benchmarks.md).',
      field('LCP', pageType, Duration.days(1)), FIELD_LCP_P75_MS);
    }
    this.speedDashboard = new cloudwatch.Dashboard(this, 'FieldSpeed', {
      dashboardName: `${APP_NAME}-${props.stage}-field-speed`,
      widgets: [RUM_METRICS.map((name) => new cloudwatch.GraphWidget({
        title: `${name} p75 of real visits${name === 'CLS' ? '' : ' (ms)'}`, width: 12,
        left: RUM_PAGE_TYPES.map((pageType) => field(name, pageType, Duration.hours(1), pageType)),
        ...(name === 'LCP' ? { leftAnnotations: [{ value: FIELD_LCP_P75_MS, label: 'alarm (over a day)' }] } : {}),
      }))],
    });
    for (const other of props.alarms) {
      other.addAlarmAction(action);
      other.addOkAction(action);
    }
  }
}
