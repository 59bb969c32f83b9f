/**
 * What a fresh AWS account needs from the stack itself: the SES identity it sends from (DKIM
 * records as outputs for a domain), Cognito sending through it, an app client with only the SPA's
 * flows, alarms on throttling and errors for every function, DynamoDB and SES reputation, bounded
 * queue pollers, reserved concurrency for the payment webhook, and access logs (IP addresses) kept
 * 30 days. Bundling is skipped; stack.test.ts checks the bundles.
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../functions/routes.js';
import { socketRoutes } from '../../functions/conversations/socket-routes.js';
/** The conversations WebSocket API's functions: its authoriser and three routes (infra/aws/constructs/sockets.ts). */
const SOCKET_FUNCTIONS = Object.keys(socketRoutes).length;
import { DEFAULT_KYC_DOCUMENT_RETENTION_DAYS, RETENTION_TAG } from '../../functions/uploads/rules.js';
import { METRICS_PER_ALARM, SES_BOUNCE_RATE_LIMIT, SES_COMPLAINT_RATE_LIMIT } from '../../infra/aws/constructs/capacity-alarms.js';
import { DEFAULT_POLLER_CONCURRENCY, RESERVED_ROUTE_CONCURRENCY } from '../../infra/aws/constructs/concurrency.js';
import { DEFAULT_EMAIL_FROM, eventConsumers, schedules, workQueues } from '../../infra/aws/definitions.js';
import { AlpStack } from '../../infra/aws/stack.js';
import { appLogicalId, appTemplate } from './fixtures/templates.js';
import { COGNITO_TRIGGERS } from '../../infra/aws/constructs/identity.js';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string | string[] };
const DOMAIN = 'learn.example.com';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const plain = new AlpStack(app, 'alp-fresh', { stage: 'fresh', webDistPath: '/nonexistent' });
const withDomain = new AlpStack(app, 'alp-fresh-domain', { stage: 'freshdomain', webDistPath: '/nonexistent', emailDomain: DOMAIN });
const template = appTemplate(plain).toJSON() as { Resources: Record<string, Resource>; Outputs: Record<string, { Value: unknown }> };
const domainTemplate = appTemplate(withDomain).toJSON() as { Resources: Record<string, Resource>; Outputs: Record<string, { Value: unknown }> };

const ofType = (t: typeof template, type: string) => Object.entries(t.Resources).filter(([, r]) => r.Type === type);
const topicRef = { Ref: appLogicalId(plain.monitoring.topic.node.defaultChild as never) };
const alarms = ofType(template, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
const productFunctions = ofType(template, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Runtime === 'nodejs22.x');

describe('SES identity', () => {
  it('without a domain: the stack creates the sender address\'s identity and Cognito sends through it', () => {
    const identities = ofType(template, 'AWS::SES::EmailIdentity');
    expect(identities.map(([, r]) => r.Properties.EmailIdentity)).toEqual([DEFAULT_EMAIL_FROM]);
    const [poolId, pool] = ofType(template, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.Properties.EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: expect.stringContaining(DEFAULT_EMAIL_FROM) });
    expect(JSON.stringify(pool.Properties.EmailConfiguration.SourceArn)).toContain(`:identity/${DEFAULT_EMAIL_FROM}`);
    // The pool is created after the identity it sends from.
    expect([pool.DependsOn].flat(), poolId).toContain(identities[0]![0]);
  });

  it('with a domain: a domain identity with Easy DKIM, its three records as outputs, the sender at the domain', () => {
    const identities = ofType(domainTemplate, 'AWS::SES::EmailIdentity');
    expect(identities.map(([, r]) => r.Properties.EmailIdentity)).toEqual([DOMAIN]);
    const outputs = Object.keys(domainTemplate.Outputs);
    expect(outputs).toEqual(expect.arrayContaining(['SesIdentity', 'SesDkimRecord1', 'SesDkimRecord2', 'SesDkimRecord3']));
    expect(JSON.stringify(domainTemplate.Outputs.SesDkimRecord1!.Value)).toContain('DkimDNSTokenName1');
    const [, pool] = ofType(domainTemplate, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.Properties.EmailConfiguration.From).toBe(`Africa's Learning Platform <no-reply@${DOMAIN}>`);
    // The Cognito triggers read nothing but the server client's id (infra/aws/constructs/identity.ts).
    const triggers = new Set<string>(COGNITO_TRIGGERS.map((t) => t.description));
    for (const [, fn] of ofType(domainTemplate, 'AWS::Lambda::Function')
      .filter(([, r]) => r.Properties.Runtime === 'nodejs22.x' && !triggers.has(r.Properties.Description))) {
      expect(fn.Properties.Environment.Variables.EMAIL_FROM).toBe(`no-reply@${DOMAIN}`);
    }
  });

  it('refuses a sender that is not at the verified domain', () => {
    expect(() => new AlpStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'alp-bad', {
      stage: 'bad', webDistPath: '/nonexistent', emailDomain: DOMAIN, emailFrom: 'someone@elsewhere.example',
    })).toThrow(/not at the SES domain/);
  });
});

describe('Cognito', () => {
  it('runs on the Lite feature plan (docs/operations.md "Cost model")', () => {
    expect(ofType(template, 'AWS::Cognito::UserPool')[0]![1].Properties.UserPoolTier).toBe('LITE');
  });

  it('has only the flows the SPA and the password check use, and no OAuth (no example.com callback)', () => {
    const clients = ofType(template, 'AWS::Cognito::UserPoolClient');
    // The SPA's, and the API's own (sign-up and resent codes, with a secret).
    expect(clients).toHaveLength(2);
    const spa = clients.find(([, r]) => r.Properties.GenerateSecret === false)![1].Properties;
    expect([...spa.ExplicitAuthFlows].sort()).toEqual(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    const server = clients.find(([, r]) => r.Properties.GenerateSecret === true)![1].Properties;
    expect(server.ExplicitAuthFlows).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
    for (const p of [spa, server]) {
      expect(p.AllowedOAuthFlows).toBeUndefined();
      expect(p.AllowedOAuthFlowsUserPoolClient).toBeFalsy();
      expect(p.CallbackURLs).toBeUndefined();
      expect(JSON.stringify(p)).not.toContain('example.com');
    }
  });
});

describe('capacity alarms', () => {
  const metricsOf = (alarm: Record<string, any>) => (alarm.Metrics ?? []) as Array<{ MetricStat?: { Metric: { MetricName: string; Dimensions: Array<{ Value: unknown }> } } }>;
  const watched = (metricName: string) => new Set(alarms.flatMap((a) => metricsOf(a)
    .filter((m) => m.MetricStat?.Metric.MetricName === metricName)
    .map((m) => JSON.stringify(m.MetricStat!.Metric.Dimensions[0]!.Value))));

  it('every product function\'s throttles and errors are watched, at most 10 functions an alarm', () => {
    expect(productFunctions.length).toBe(routeList.length + eventConsumers.length + schedules.length + workQueues.length + COGNITO_TRIGGERS.length + SOCKET_FUNCTIONS);
    const throttles = watched('Throttles');
    const errors = watched('Errors');
    for (const [id] of productFunctions) {
      expect(throttles.has(JSON.stringify({ Ref: id })), `Throttles of ${id}`).toBe(true);
      expect(errors.has(JSON.stringify({ Ref: id })), `Errors of ${id}`).toBe(true);
    }
    for (const alarm of alarms.filter((a) => a.Metrics)) {
      const stats = metricsOf(alarm).filter((m) => m.MetricStat);
      expect(stats.length, alarm.AlarmDescription).toBeLessThanOrEqual(METRICS_PER_ALARM);
    }
  });

  it('watches DynamoDB throttled requests and system errors of the table', () => {
    const tableRef = JSON.stringify({ Ref: appLogicalId(plain.data.table.node.defaultChild as never) });
    for (const name of ['ThrottledRequests', 'SystemErrors']) {
      const found = alarms.filter((a) => metricsOf(a).some((m) => m.MetricStat?.Metric.MetricName === name
        && JSON.stringify(m.MetricStat.Metric.Dimensions).includes(tableRef)));
      expect(found, name).toHaveLength(1);
      expect(found[0]!.Threshold).toBe(0);
    }
  });

  it('watches SES bounce and complaint rates at the rates AWS reviews an account', () => {
    const bounce = alarms.filter((a) => a.Namespace === 'AWS/SES' && a.MetricName === 'Reputation.BounceRate');
    const complaint = alarms.filter((a) => a.Namespace === 'AWS/SES' && a.MetricName === 'Reputation.ComplaintRate');
    expect(bounce.map((a) => a.Threshold)).toEqual([SES_BOUNCE_RATE_LIMIT]);
    expect(complaint.map((a) => a.Threshold)).toEqual([SES_COMPLAINT_RATE_LIMIT]);
  });

  it('every alarm, these included, notifies the alarm topic when it fires and recovers', () => {
    for (const alarm of alarms) {
      expect(alarm.AlarmActions, alarm.AlarmDescription).toEqual([topicRef]);
      expect(alarm.OKActions, alarm.AlarmDescription).toEqual([topicRef]);
    }
  });
});

describe('concurrency', () => {
  it('every queue poller has a maximum concurrency', () => {
    const mappings = ofType(template, 'AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBeGreaterThanOrEqual(eventConsumers.length);
    for (const [id, m] of mappings) {
      const max = m.Properties.ScalingConfig?.MaximumConcurrency as number | undefined;
      expect(max, id).toBeGreaterThanOrEqual(2);
      expect(max, id).toBeLessThanOrEqual(DEFAULT_POLLER_CONCURRENCY * 4);
    }
  });

  it('the Paystack webhook keeps reserved concurrency; no other route takes any', () => {
    const reserved = productFunctions.filter(([, r]) => r.Properties.ReservedConcurrentExecutions !== undefined);
    expect(reserved.map(([, r]) => r.Properties.Description as string)).toEqual([expect.stringMatching(/ paystackWebhook: POST \/api\/webhooks\/paystack$/)]);
    expect(reserved[0]![1].Properties.ReservedConcurrentExecutions).toBe(RESERVED_ROUTE_CONCURRENCY.paystackWebhook);
  });
});

describe('identity documents', () => {
  it('reviewed ones (tagged by the review) expire 90 days later, their old versions a day after', () => {
    const uploads = ofType(template, 'AWS::S3::Bucket').find(([, r]) => r.Properties.CorsConfiguration)![1];
    const rules = uploads.Properties.LifecycleConfiguration.Rules as Array<Record<string, any>>;
    expect(rules).toContainEqual(expect.objectContaining({
      Id: 'expire-reviewed-kyc', Status: 'Enabled',
      TagFilters: [{ Key: RETENTION_TAG.key, Value: RETENTION_TAG.reviewedKyc }],
      ExpirationInDays: DEFAULT_KYC_DOCUMENT_RETENTION_DAYS,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
    }));
    expect(DEFAULT_KYC_DOCUMENT_RETENTION_DAYS).toBe(90);
  });

  it('the review route may rewrite and tag identity documents only (kyc/*), no other object', () => {
    const [, fn] = productFunctions.find(([, r]) => String(r.Properties.Description).includes(' reviewKycDocument: '))!;
    const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
    const statements = ofType(template, 'AWS::IAM::Policy')
      .filter(([, r]) => JSON.stringify(r.Properties.Roles).includes(JSON.stringify({ Ref: roleId })))
      .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>);
    const writes = statements.filter((st) => [st.Action].flat().some((a) => a === 's3:PutObject' || a === 's3:PutObjectTagging'));
    expect(writes).toHaveLength(1);
    expect([writes[0]!.Action].flat()).toEqual(['s3:PutObject', 's3:PutObjectTagging']);
    expect(JSON.stringify(writes[0]!.Resource)).toMatch(/\/kyc\/\*"\]\]\}$/);
  });
});

describe('access logs (IP addresses) kept 30 days', () => {
  it('API access log group retention is 30 days', () => {
    const stage = ofType(template, 'AWS::ApiGatewayV2::Stage')[0]![1];
    const logGroupId = (stage.Properties.AccessLogSettings.DestinationArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(template.Resources[logGroupId]!.Properties.RetentionInDays).toBe(30);
  });

  it('S3 server access logs and CloudFront logs expire after 30 days', () => {
    const [, distribution] = ofType(template, 'AWS::CloudFront::Distribution')[0]!;
    const logBucketId = (distribution.Properties.DistributionConfig.Logging.Bucket as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const rules = template.Resources[logBucketId]!.Properties.LifecycleConfiguration.Rules as Array<Record<string, unknown>>;
    expect(rules).toContainEqual(expect.objectContaining({ Status: 'Enabled', ExpirationInDays: 30 }));
    expect(rules.every((r) => r.Prefix === undefined && r.TagFilters === undefined)).toBe(true);
  });
});
