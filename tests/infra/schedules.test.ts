/**
 * A job declared in `schedules` (here the test-only fixture job) becomes an EventBridge Scheduler
 * schedule that invokes its own Lambda through a role that can do only that, retries, and sends
 * what cannot finish to a dead-letter queue whose alarm reaches the operator's topic.
 */
import { App, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { schedules } from '../../infra/aws/definitions.js';
import { AlpStack, addComplianceChecks } from '../../infra/aws/stack.js';
import { heartbeatJob } from './fixtures/jobs.js';
import { appLogicalId, appTemplate } from './fixtures/templates.js';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new AlpStack(app, 'alp-schedules', { stage: 'sched', webDistPath: '/nonexistent', schedules: [heartbeatJob] });
addComplianceChecks(app);
const template = appTemplate(stack);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const job = stack.schedules.jobs.heartbeat!;
const idOf = (construct: IConstruct) => appLogicalId(construct.node.defaultChild as CfnElement);
const fnId = idOf(job.function);
const dlqId = idOf(job.deadLetterQueue);
const roleId = idOf(job.schedulerRole);

/** A sentinel action per grant a job may hold: present in its role's policy exactly when the grant is. */
const GRANT_SENTINELS = {
  'table:read': 'dynamodb:Query', 'table:write': 'dynamodb:PutItem', 'events:publish': 'events:PutEvents',
  'email:send': 'ses:SendEmail', 'identity:admin': 'cognito-idp:AdminAddUserToGroup', 'uploads:read': 's3:GetObject',
  // PutObject on the uploads bucket, not the web bucket's sitemap files (web:sitemaps).
  'uploads:write': 's3:PutObject Uploads', 'uploads:delete': 's3:DeleteObject', 'uploads:retain-kyc': 's3:PutObjectTagging',
  'web:sitemaps': 's3:PutObject /sitemap.xml',
  // Every provider grant reads its own SSM parameter: the sentinel names the action and the parameter.
  'payments:secret': 'ssm:GetParameter /paystack/', 'messaging:sms': 'ssm:GetParameter /africastalking/', 'messaging:whatsapp': 'ssm:GetParameter /whatsapp/',
} as const;

describe('timed jobs', () => {
  const plain = new AlpStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'alp-plain', { stage: 'plain', webDistPath: '/nonexistent' });
  const plainTemplate = appTemplate(plain);
  const plainResources = plainTemplate.toJSON().Resources as typeof resources;

  it('the stack builds one schedule per declared job', () => {
    plainTemplate.resourceCountIs('AWS::Scheduler::Schedule', schedules.length);
  });

  it.each(schedules.map((s) => [s.name, s] as const))('%s: its schedule and a function holding exactly its grants', (name, declared) => {
    plainTemplate.hasResourceProperties('AWS::Scheduler::Schedule', { Name: `alp-plain-${name}`, ScheduleExpression: declared.expression });
    const roleId = appLogicalId(plain.schedules.jobs[name]!.function.role!.node.defaultChild as CfnElement);
    const actions = new Set(Object.values(plainResources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((r) => r.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>)
      .flatMap((s) => [s.Action].flat().map((action) => ({ action, resource: JSON.stringify(s.Resource) }))));
    const holds = (sentinel: string) => {
      const [action, resourcePart] = sentinel.split(' ');
      return [...actions].some((a) => a.action === action && (!resourcePart || a.resource.includes(resourcePart)));
    };
    for (const [grant, sentinel] of Object.entries(GRANT_SENTINELS)) {
      expect(holds(sentinel), `${name} ${grant}`).toBe((declared.grants as readonly string[]).includes(grant));
    }
  });

  it('a declared job becomes a Scheduler schedule: its expression, on time, input naming the job, retries and a DLQ', () => {
    template.resourceCountIs('AWS::Scheduler::Schedule', 1);
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'alp-sched-heartbeat',
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: { 'Fn::GetAtt': [fnId, 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [roleId, 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [dlqId, 'Arn'] } },
        Input: Match.serializedJson({
          job: 'heartbeat', scheduledTime: '<aws.scheduler.scheduled-time>', executionId: '<aws.scheduler.execution-id>',
        }),
      },
    });
  });

  it('the scheduler\'s role is for EventBridge Scheduler of this account, and may invoke only the job and write only its DLQ', () => {
    expect(resources[roleId]!.Properties.AssumeRolePolicyDocument.Statement).toEqual([expect.objectContaining({
      Effect: 'Allow', Action: 'sts:AssumeRole', Principal: { Service: 'scheduler.amazonaws.com' },
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    })]);
    const statements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((r) => r.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>);
    const byAction = Object.fromEntries(statements.map((s) => [String(s.Action), JSON.stringify(s.Resource)]));
    expect(Object.keys(byAction).sort()).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    expect(byAction['lambda:InvokeFunction']).toContain(fnId);
    expect(byAction['sqs:SendMessage']).toBe(JSON.stringify({ 'Fn::GetAtt': [dlqId, 'Arn'] }));
  });

  it('a run that fails after Lambda\'s retries lands in the same DLQ', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId, 'Arn'] } } },
    });
  });

  it('the DLQ alarms to the operator\'s topic, when a run lands and when it clears', () => {
    const topicRef = { Ref: appLogicalId(stack.monitoring.topic.node.defaultChild as never) };
    const alarms = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm'
      && JSON.stringify(r.Properties.Dimensions) === JSON.stringify([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }]));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0, AlarmActions: [topicRef], OKActions: [topicRef],
    });
  });

  it('the job\'s function says which job it is, under the jobs service name', () => {
    expect(resources[fnId]!.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe('alp-jobs');
    expect(resources[fnId]!.Properties.Description).toBe('alp sched job heartbeat: Test fixture: records that it ran.');
  });

  it('passes cdk-nag: no unsuppressed findings from the schedule, its role, queue or function', () => {
    const annotations = Annotations.fromStack(stack);
    const found = [
      ...annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ...annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
    ].map((a) => `${a.id}: ${String(a.entry.data)}`);
    expect(found).toEqual([]);
  });
});
