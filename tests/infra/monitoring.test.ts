/**
 * The alarms an operator is woken by: each exists, watches what it says, and publishes to the one
 * alarm topic (alarm and recovery), which is an output and takes an e-mail subscription.
 */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BusinessMetric, METRICS_NAMESPACE, MONEY_STUCK_METRICS } from '../../functions/shared/metric-names.js';
import { PUBLIC_RUM_PAGE_TYPES, RUM_METRICS } from '../../functions/rum/contract.js';
import { RUM_NAMESPACE } from '../../functions/rum/rules.js';
import { DEFAULT_MESSAGING_DAILY_SPEND_KES, FIELD_LCP_P75_MS } from '../../infra/aws/constructs/monitoring.js';
import { eventConsumers, schedules, workQueues } from '../../infra/aws/definitions.js';
import { AlpStack } from '../../infra/aws/stack.js';
import { appLogicalId, appTemplate } from './fixtures/templates.js';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new AlpStack(app, 'alp-monitoring', { stage: 'monitoring', alarmEmail: 'ops@example.com', webDistPath: '/nonexistent' });
const template = appTemplate(stack);
const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Array<{ Properties: Record<string, any> }>;
const topicRef = { Ref: appLogicalId(stack.monitoring.topic.node.defaultChild as never) };

describe('monitoring', () => {
  it('has one alarm topic, TLS only, with the operator\'s e-mail and an output', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: topicRef });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    expect(template.toJSON().Outputs.AlarmTopicArn.Value).toEqual(topicRef);
  });

  it('every alarm notifies the topic when it fires and when it recovers', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions, alarm.Properties.AlarmDescription).toEqual([topicRef]);
      expect(alarm.Properties.OKActions, alarm.Properties.AlarmDescription).toEqual([topicRef]);
    }
  });

  const find = (pred: (p: Record<string, any>) => boolean) => alarms.filter((a) => pred(a.Properties));

  it('watches API 5xx and p95 latency of the HTTP API', () => {
    const apiId = { Ref: appLogicalId(stack.api.httpApi.node.defaultChild as never) };
    const fivexx = find((p) => p.Namespace === 'AWS/ApiGateway' && p.MetricName === '5xx');
    expect(fivexx).toHaveLength(1);
    expect(fivexx[0]!.Properties).toMatchObject({ Statistic: 'Sum', Threshold: 0, Dimensions: [{ Name: 'ApiId', Value: apiId }] });
    const latency = find((p) => p.Namespace === 'AWS/ApiGateway' && p.MetricName === 'Latency');
    expect(latency).toHaveLength(1);
    expect(latency[0]!.Properties).toMatchObject({ ExtendedStatistic: 'p95', Threshold: 3000, EvaluationPeriods: 3 });
  });

  it('watches every consumer\'s, every timed job\'s and every work queue\'s dead-letter queue', () => {
    const dlq = find((p) => p.Namespace === 'AWS/SQS' && p.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(schedules.length, 'a timed job exists (the lessons job)').toBeGreaterThan(0);
    expect(dlq).toHaveLength(eventConsumers.length + schedules.length + workQueues.length);
  });

  it('watches the business metrics that mean money is stuck', () => {
    for (const name of MONEY_STUCK_METRICS) {
      const found = find((p) => p.Namespace === METRICS_NAMESPACE && p.MetricName === name);
      expect(found, name).toHaveLength(1);
      expect(found[0]!.Properties).toMatchObject({ Statistic: 'Sum', Threshold: 0, Dimensions: [{ Name: 'service', Value: 'alp' }] });
    }
  });

  it('watches a day\'s SMS and WhatsApp spend, summed over the day', () => {
    const spend = find((p) => p.Namespace === METRICS_NAMESPACE && p.MetricName === BusinessMetric.messagingSpendKes);
    expect(spend).toHaveLength(1);
    expect(spend[0]!.Properties).toMatchObject({
      Statistic: 'Sum', Period: 86_400, Threshold: DEFAULT_MESSAGING_DAILY_SPEND_KES, ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: [{ Name: 'service', Value: 'alp' }],
    });
  });

  it('the spend alarm tells the operator which CDK context values to change, not the functions\' variables', () => {
    const [spend] = find((p) => p.MetricName === BusinessMetric.messagingSpendKes);
    const description = spend!.Properties.AlarmDescription as string;
    for (const key of ['messagingUserDailyCap', 'messagingPlatformDailyCap', 'messagingWhatsAppCostKes']) expect(description).toContain(`-c ${key}=`);
    expect(description).not.toMatch(/MESSAGING_[A-Z_]+/);
    expect(description.length).toBeLessThanOrEqual(1024);
  });

  it('alarms when p75 LCP of real visits to a public page type is above 2.5 s over a day, one alarm per page type', () => {
    const field = find((p) => p.Namespace === RUM_NAMESPACE && p.MetricName === 'LCP');
    expect(field.map((a) => a.Properties.Dimensions)).toEqual(PUBLIC_RUM_PAGE_TYPES.map((pageType) => [{ Name: 'pageType', Value: pageType }]));
    for (const alarm of field) {
      expect(alarm.Properties).toMatchObject({
        ExtendedStatistic: 'p75', Period: 86_400, EvaluationPeriods: 1, Threshold: FIELD_LCP_P75_MS, ComparisonOperator: 'GreaterThanThreshold',
      });
    }
    expect(PUBLIC_RUM_PAGE_TYPES).toEqual(expect.arrayContaining(['tutor_profile', 'catalogue', 'course', 'home', 'browse']));
  });

  it('has a field-speed dashboard with p75 of every field metric per page type', () => {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard')) as Array<{ Properties: { DashboardName: string; DashboardBody: unknown } }>;
    const speed = dashboards.filter((d) => d.Properties.DashboardName === 'alp-monitoring-field-speed');
    expect(speed).toHaveLength(1);
    const body = JSON.stringify(speed[0]!.Properties.DashboardBody);
    for (const name of RUM_METRICS) expect(body).toContain(`\\"${RUM_NAMESPACE}\\",\\"${name}\\",\\"pageType\\",\\"tutor_profile\\"`);
    expect(body).toContain('p75');
  });

  it('the RUM route is throttled as a public write', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as Array<{ Properties: { RouteSettings?: Record<string, unknown> } }>;
    expect(stage.flatMap((s) => Object.keys(s.Properties.RouteSettings ?? {}))).toContain('POST /api/rum');
  });
});

