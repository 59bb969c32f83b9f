/**
 * The grant helper on its own (no bundling): every Grant of functions/routes.ts, including the
 * ones no route uses yet, becomes the intended least-privilege statement, and the wildcards it
 * needs are documented for cdk-nag.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import type { Grant } from '../../functions/routes.js';
import {
  applyGrants, IDENTITY_ADMIN_ACTIONS, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS,
} from '../../infra/constructs/grants.js';
import { addComplianceChecks } from '../../infra/stack.js';

const ALL_GRANTS: Grant[] = [
  'table:read', 'table:write', 'identity:admin', 'events:publish',
  'uploads:read', 'uploads:write', 'uploads:delete', 'email:send',
];

interface Statement { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }

function synth(grants: Grant[]) {
  const app = new App();
  const stack = new Stack(app, 'GrantsTest');
  const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
  const userPool = new cognito.UserPool(stack, 'Pool');
  const bus = new events.EventBus(stack, 'Bus');
  const uploads = new s3.Bucket(stack, 'Uploads');
  const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  applyGrants(role, grants, { table, userPool, bus, uploads, emailFrom: 'no-reply@example.com' });
  addComplianceChecks(stack);
  app.synth();
  const template = Template.fromStack(stack);
  const ids = {
    table: Object.keys(template.findResources('AWS::DynamoDB::Table'))[0]!,
    pool: Object.keys(template.findResources('AWS::Cognito::UserPool'))[0]!,
    bus: Object.keys(template.findResources('AWS::Events::EventBus'))[0]!,
    uploads: Object.keys(template.findResources('AWS::S3::Bucket'))[0]!,
  };
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { PolicyDocument: { Statement: Statement[] } } }[];
  const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement);
  return { stack, statements, ids };
}

const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const withAction = (statements: Statement[], action: string) => statements.filter((s) => actions(s).includes(action));

describe('applyGrants', () => {
  const { stack, statements, ids } = synth(ALL_GRANTS);
  const arn = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
  const objects = (id: string) => ({ 'Fn::Join': ['', [arn(id), '/*']] });

  it('table:read — item reads on the table and its indexes, never Scan', () => {
    for (const action of TABLE_READ_ACTIONS) {
      expect(withAction(statements, action)[0]?.Resource, action).toEqual(expect.arrayContaining([
        arn(ids.table), { 'Fn::Join': ['', [arn(ids.table), '/index/*']] },
      ]));
    }
    expect(statements.flatMap(actions)).not.toContain('dynamodb:Scan');
  });

  it('table:write — item writes on the table only', () => {
    for (const action of TABLE_WRITE_ACTIONS) {
      const resources = withAction(statements, action).map((s) => s.Resource);
      expect(JSON.stringify(resources), action).toContain(JSON.stringify(arn(ids.table)));
    }
    expect(withAction(statements, 'dynamodb:PutItem')[0]?.Resource).toEqual(arn(ids.table));
  });

  it('identity:admin — the listed Cognito admin actions on this pool, no wildcard action', () => {
    for (const action of IDENTITY_ADMIN_ACTIONS) expect(withAction(statements, action)[0]?.Resource, action).toEqual(arn(ids.pool));
    expect(statements.flatMap(actions).filter((a) => a.includes('*'))).toEqual([]);
  });

  it('events:publish — PutEvents on the product bus', () => {
    expect(withAction(statements, 'events:PutEvents')[0]?.Resource).toEqual(arn(ids.bus));
  });

  it('uploads:* — object actions on the uploads bucket only', () => {
    for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']) {
      expect(withAction(statements, action)[0]?.Resource, action).toEqual(objects(ids.uploads));
    }
  });

  it('email:send — SendEmail pinned to the sender address', () => {
    const [statement] = withAction(statements, 'ses:SendEmail');
    expect(statement?.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } });
  });

  it('documents every wildcard it needs for cdk-nag (no unsuppressed IAM findings)', () => {
    const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-IAM.*'));
    expect(errors.map((e) => String(e.entry.data))).toEqual([]);
  });

  it('grants nothing for an empty grant list', () => {
    expect(synth([]).statements).toEqual([]);
  });
});
