/**
 * The grant helper on its own (no bundling): every Grant of functions/routes.ts, including the
 * ones no route uses yet, becomes the intended least-privilege statement, and the wildcards it
 * needs are documented for cdk-nag.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import type { Grant } from '../../functions/routes.js';
import {
  applyGrants, grantEnvironment, IDENTITY_ADMIN_ACTIONS, parameterArn, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS,
  type GrantTargets,
} from '../../infra/aws/constructs/grants.js';
import { aiModelTarget, type AiModelTarget } from '../../infra/aws/ai-model.js';
import { addComplianceChecks } from '../../infra/aws/stack.js';

const ALL_GRANTS: Grant[] = [
  'table:read', 'table:write', 'identity:admin', 'events:publish',
  'uploads:read', 'uploads:write', 'uploads:delete', 'email:send', 'payments:secret', 'live:video', 'ai:invoke',
  'identity:password-check', 'uploads:retain-kyc', 'identity:sign-up', 'uploads:list', 'messaging:sms', 'messaging:whatsapp',
  'conversations:push', 'web:sitemaps', 'web:tutor-pages', 'web:course-pages',
];
const SOCKETS = {
  managementEndpoint: 'https://abc123.execute-api.eu-west-1.amazonaws.com/ws',
  connectionsArn: 'arn:aws:execute-api:eu-west-1:111122223333:abc123/ws/POST/@connections/*',
};
const PARAMETER = '/alp/test/paystack/secret-key';
const BBB_PARAMETER = '/alp/test/bigbluebutton/secret-key';
const AT_PARAMETER = '/alp/test/africastalking/secret-key';
const WA_PARAMETER = '/alp/test/whatsapp/secret-key';
const TARGETS = {
  paystack: { secretParameterName: PARAMETER, baseUrl: 'https://api.paystack.co' },
  bigbluebutton: { secretParameterName: BBB_PARAMETER, baseUrl: 'https://bbb.example.com/bigbluebutton/api' },
  africastalking: { secretParameterName: AT_PARAMETER, baseUrl: 'https://api.africastalking.com' },
  whatsapp: { secretParameterName: WA_PARAMETER, baseUrl: 'https://graph.facebook.com' },
};

interface Statement { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }

/** The default model (a foundation model, no guardrail) unless a test passes context. */
const DEFAULT_AI_MODEL = aiModelTarget(() => undefined);

function synth(grants: Grant[], aiModel: AiModelTarget = DEFAULT_AI_MODEL) {
  const app = new App();
  const stack = new Stack(app, 'GrantsTest');
  const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
  const userPool = new cognito.UserPool(stack, 'Pool');
  const serverClient = userPool.addClient('ServerClient', { generateSecret: true });
  const bus = new events.EventBus(stack, 'Bus');
  const uploads = new s3.Bucket(stack, 'Uploads');
  const web = new s3.Bucket(stack, 'Web');
  const recordStore = new cloudfront.KeyValueStore(stack, 'RecordPages');
  const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  applyGrants(role, grants, {
    table, userPool, serverClient, bus, uploads, web, recordStore, emailFrom: 'no-reply@example.com',
    integrations: TARGETS, aiModel, sockets: SOCKETS,
  });
  addComplianceChecks(stack);
  app.synth();
  const template = Template.fromStack(stack);
  const ids = {
    table: Object.keys(template.findResources('AWS::DynamoDB::Table'))[0]!,
    pool: Object.keys(template.findResources('AWS::Cognito::UserPool'))[0]!,
    bus: Object.keys(template.findResources('AWS::Events::EventBus'))[0]!,
    uploads: Object.keys(template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('Uploads'))!,
    web: Object.keys(template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('Web'))!,
    recordStore: Object.keys(template.findResources('AWS::CloudFront::KeyValueStore'))[0]!,
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

  it('identity:sign-up — DescribeUserPoolClient (the server client\'s secret) on this pool only, and the client\'s id in the environment', () => {
    const [statement, ...others] = withAction(statements, 'cognito-idp:DescribeUserPoolClient');
    expect(others).toEqual([]);
    expect(statement?.Action).toBe('cognito-idp:DescribeUserPoolClient');
    expect(statement?.Resource).toEqual(arn(ids.pool));
  });

  it('conversations:push — ManageConnections on the conversations socket stage\'s connections only', () => {
    const [statement, ...others] = withAction(statements, 'execute-api:ManageConnections');
    expect(others).toEqual([]);
    expect(statement?.Action).toBe('execute-api:ManageConnections');
    expect(statement?.Resource).toBe(SOCKETS.connectionsArn);
  });

  it('events:publish — PutEvents on the product bus', () => {
    expect(withAction(statements, 'events:PutEvents')[0]?.Resource).toEqual(arn(ids.bus));
  });

  it('uploads:* — object actions on the uploads bucket only', () => {
    for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']) {
      expect(withAction(statements, action)[0]?.Resource, action).toEqual(objects(ids.uploads));
    }
  });

  it('web:sitemaps — PutObject on the sitemap job\'s own files of the web bucket only, and the bucket in the environment', () => {
    const forWeb = withAction(statements, 's3:PutObject').filter((s) => JSON.stringify(s.Resource).includes(ids.web) && JSON.stringify(s.Resource).includes('/sitemaps/*'));
    expect(forWeb).toHaveLength(1);
    expect(forWeb[0]?.Resource).toEqual(['robots.txt', 'sitemap.xml', 'sitemaps/*'].map((key) => ({ 'Fn::Join': ['', [arn(ids.web), `/${key}`]] })));
    const env = grantEnvironment(['web:sitemaps'], { web: { bucketName: 'alp-test-web' } } as unknown as GrantTargets);
    expect(env.WEB_BUCKET).toBe('alp-test-web');
  });

  it('web:tutor-pages — PutObject and DeleteObject on the tutors\' pages, share images and subject pages of the web bucket only, and the bucket in the environment', () => {
    const forPages = withAction(statements, 's3:DeleteObject').filter((s) => JSON.stringify(s.Resource).includes('/pages/tutor-profile/*'));
    expect(forPages).toHaveLength(1);
    expect(forPages[0]?.Action).toEqual(['s3:PutObject', 's3:DeleteObject']);
    expect(forPages[0]?.Resource).toEqual(['pages/tutor-profile/*', 'share/tutor/*', 'pages/tutors/*'].map((key) => ({ 'Fn::Join': ['', [arn(ids.web), `/${key}`]] })));
    const env = grantEnvironment(['web:tutor-pages'], { web: { bucketName: 'alp-test-web' }, distribution: { distributionId: 'E123' } } as unknown as GrantTargets);
    expect(env).toEqual({ WEB_BUCKET: 'alp-test-web', WEB_DISTRIBUTION_ID: 'E123' });
  });

  it('web:course-pages — PutObject and DeleteObject on the courses\' pages and share images and the catalogue\'s files of the web bucket only', () => {
    const forPages = withAction(statements, 's3:DeleteObject').filter((s) => JSON.stringify(s.Resource).includes('/pages/courses/*'));
    expect(forPages).toHaveLength(1);
    expect(forPages[0]?.Action).toEqual(['s3:PutObject', 's3:DeleteObject']);
    expect(forPages[0]?.Resource).toEqual(['pages/courses/*', 'share/course/*', 'pages/course-dashboard.html', 'pages/course-dashboard.sw.html']
      .map((key) => ({ 'Fn::Join': ['', [arn(ids.web), `/${key}`]] })));
    const env = grantEnvironment(['web:course-pages'], { web: { bucketName: 'alp-test-web' }, distribution: { distributionId: 'E123' } } as unknown as GrantTargets);
    expect(env).toEqual({ WEB_BUCKET: 'alp-test-web', WEB_DISTRIBUTION_ID: 'E123' });
  });

  it('web:tutor-pages, web:course-pages — DescribeKeyValueStore, PutKey and DeleteKey on the store of record pages only, and its ARN in the environment', () => {
    const kvsActions = ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey', 'cloudfront-keyvaluestore:DeleteKey'];
    const onStore = statements.filter((s) => actions(s).some((a) => a.startsWith('cloudfront-keyvaluestore:')));
    expect(onStore.length).toBeGreaterThan(0);
    for (const statement of onStore) {
      expect(actions(statement)).toEqual(kvsActions);
      expect(statement.Resource).toEqual(arn(ids.recordStore));
    }
    for (const grant of ['web:tutor-pages', 'web:course-pages'] as const) {
      const env = grantEnvironment([grant], {
        web: { bucketName: 'alp-test-web' }, distribution: { distributionId: 'E123' },
        recordStore: { keyValueStoreArn: 'arn:aws:cloudfront::111122223333:key-value-store/kvs-1' },
      } as unknown as GrantTargets);
      expect(env.RECORD_PAGES_STORE_ARN, grant).toBe('arn:aws:cloudfront::111122223333:key-value-store/kvs-1');
    }
    // No other grant names the store.
    const others = synth(ALL_GRANTS.filter((g) => g !== 'web:tutor-pages' && g !== 'web:course-pages'));
    expect(others.statements.flatMap(actions).filter((a) => a.startsWith('cloudfront-keyvaluestore:'))).toEqual([]);
    expect(grantEnvironment(['web:sitemaps'], { web: { bucketName: 'b' }, recordStore: { keyValueStoreArn: 'x' } } as unknown as GrantTargets))
      .not.toHaveProperty('RECORD_PAGES_STORE_ARN');
  });

  it('uploads:retain-kyc — PutObject and PutObjectTagging on identity documents (kyc/*) only', () => {
    const [statement, ...others] = withAction(statements, 's3:PutObjectTagging');
    expect(others).toEqual([]);
    expect(statement?.Action).toEqual(['s3:PutObject', 's3:PutObjectTagging']);
    expect(statement?.Resource).toEqual({ 'Fn::Join': ['', [arn(ids.uploads), '/kyc/*']] });
  });

  it('email:send — SendEmail pinned to the sender address', () => {
    const [statement] = withAction(statements, 'ses:SendEmail');
    expect(statement?.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.com' } });
  });

  it.each([
    ['payments:secret', PARAMETER],
    ['live:video', BBB_PARAMETER],
    ['messaging:sms', AT_PARAMETER],
    ['messaging:whatsapp', WA_PARAMETER],
  ] as const)('%s — GetParameter on its one parameter, kms:Decrypt only via SSM and only for that parameter', (grant, name) => {
    const own = synth([grant]).statements;
    const parameter = {
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ssm:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:parameter${name}`]],
    };
    expect(withAction(own, 'ssm:GetParameter').map((s) => s.Resource)).toEqual([parameter]);
    const [decrypt, ...others] = withAction(own, 'kms:Decrypt');
    expect(others).toEqual([]);
    expect(actions(decrypt!)).toEqual(['kms:Decrypt']);
    expect(decrypt!.Resource).toEqual({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':kms:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':key/*']],
    });
    expect(decrypt!.Condition).toEqual({
      StringEquals: {
        'kms:ViaService': { 'Fn::Join': ['', ['ssm.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]] },
        'kms:EncryptionContext:PARAMETER_ARN': parameter,
      },
    });
    // Nothing else of SSM or KMS: no GetParameters*, no path reads, no kms:* wildcard.
    expect(own.flatMap(actions).filter((a) => a.startsWith('ssm:') || a.startsWith('kms:')).sort()).toEqual(['kms:Decrypt', 'ssm:GetParameter']);
  });

  it('every provider grant together: each parameter once, nothing wider', () => {
    expect(withAction(statements, 'ssm:GetParameter').map((s) => JSON.stringify(s.Resource)).sort()).toEqual(
      [AT_PARAMETER, BBB_PARAMETER, PARAMETER, WA_PARAMETER].map((name) => expect.stringContaining(`:parameter${name}`)),
    );
  });

  it('each provider grant implies its own {ID}_SECRET_PARAMETER and {ID}_BASE_URL, other grants no environment', () => {
    const targets = { integrations: TARGETS } as GrantTargets;
    expect(grantEnvironment(['table:read', 'payments:secret'], targets)).toEqual({
      PAYSTACK_SECRET_PARAMETER: PARAMETER, PAYSTACK_BASE_URL: 'https://api.paystack.co',
    });
    expect(grantEnvironment(['live:video'], targets)).toEqual({
      BIGBLUEBUTTON_SECRET_PARAMETER: BBB_PARAMETER, BIGBLUEBUTTON_BASE_URL: 'https://bbb.example.com/bigbluebutton/api',
    });
    expect(grantEnvironment(['messaging:sms'], targets)).toEqual({
      AFRICASTALKING_SECRET_PARAMETER: AT_PARAMETER, AFRICASTALKING_BASE_URL: 'https://api.africastalking.com',
    });
    expect(grantEnvironment(['messaging:whatsapp'], targets)).toEqual({
      WHATSAPP_SECRET_PARAMETER: WA_PARAMETER, WHATSAPP_BASE_URL: 'https://graph.facebook.com',
    });
    expect(grantEnvironment(['conversations:push'], { ...targets, sockets: SOCKETS } as GrantTargets)).toEqual({
      CONVERSATIONS_SOCKET_ENDPOINT: 'https://abc123.execute-api.eu-west-1.amazonaws.com/ws',
    });
    const providerGrants: Grant[] = ['payments:secret', 'live:video', 'ai:invoke', 'identity:sign-up', 'messaging:sms', 'messaging:whatsapp', 'conversations:push', 'web:sitemaps', 'web:tutor-pages', 'web:course-pages'];
    expect(grantEnvironment(ALL_GRANTS.filter((g) => !providerGrants.includes(g)), targets)).toEqual({});
  });

  it('identity:sign-up implies the server client\'s id, USER_POOL_SERVER_CLIENT_ID', () => {
    const targets = { integrations: TARGETS, serverClient: { userPoolClientId: 'server-client-id' } } as GrantTargets;
    expect(grantEnvironment(['identity:sign-up', 'table:write'], targets)).toEqual({ USER_POOL_SERVER_CLIENT_ID: 'server-client-id' });
  });

  it('a provider whose server the operator has not named yet gets its secret parameter but no base URL', () => {
    const targets = { integrations: { ...TARGETS, bigbluebutton: { secretParameterName: BBB_PARAMETER, baseUrl: undefined } } } as GrantTargets;
    expect(grantEnvironment(['live:video'], targets)).toEqual({ BIGBLUEBUTTON_SECRET_PARAMETER: BBB_PARAMETER });
  });

  it('refuses a parameter name SSM would not accept or that is not fully qualified', () => {
    for (const bad of ['alp/prod/key', '/alp/prod/', '/alp//key', '/alp/prod key', '']) {
      expect(() => parameterArn(bad), bad).toThrow(/SSM parameter name/);
    }
    expect(() => parameterArn('/alp/prod/paystack/secret-key')).not.toThrow();
  });

  it('documents every wildcard it needs for cdk-nag (no unsuppressed IAM findings)', () => {
    const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-IAM.*'));
    expect(errors.map((e) => String(e.entry.data))).toEqual([]);
  });

  it('ai:invoke — bedrock:InvokeModel on the configured foundation model only, nothing else of Bedrock', () => {
    const own = synth(['ai:invoke']).statements;
    expect(own).toEqual([{
      Effect: 'Allow', Action: 'bedrock:InvokeModel',
      Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, '::foundation-model/amazon.nova-micro-v1:0']] },
    }]);
  });

  it('ai:invoke with an inference profile — the profile, and its model in any Region only through that profile (cdk-nag documented)', () => {
    const model = aiModelTarget((key) => ({ bedrockModelId: 'eu.amazon.nova-micro-v1:0' })[key]);
    const { stack: profileStack, statements: own } = synth(['ai:invoke'], model);
    const profileArn = {
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':inference-profile/eu.amazon.nova-micro-v1:0']],
    };
    expect(own).toEqual([
      { Effect: 'Allow', Action: 'bedrock:InvokeModel', Resource: profileArn },
      {
        Effect: 'Allow', Action: 'bedrock:InvokeModel',
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:*::foundation-model/amazon.nova-micro-v1:0']] },
        Condition: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
      },
    ]);
    expect(Annotations.fromStack(profileStack).findError('*', Match.stringLikeRegexp('AwsSolutions-IAM.*'))).toEqual([]);
  });

  it('ai:invoke with a guardrail — ApplyGuardrail on that guardrail; its settings reach the function\'s environment', () => {
    const context: Record<string, string> = { bedrockGuardrailId: 'gr0123456789', bedrockGuardrailVersion: '2', aiQuizDailyLimit: '5' };
    const model = aiModelTarget((key) => context[key]);
    expect(withAction(synth(['ai:invoke'], model).statements, 'bedrock:ApplyGuardrail').map((s) => s.Resource)).toEqual([
      { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':guardrail/gr0123456789']] },
    ]);
    expect(grantEnvironment(['table:write', 'ai:invoke'], { integrations: TARGETS, aiModel: model } as GrantTargets)).toEqual({
      BEDROCK_MODEL_ID: 'amazon.nova-micro-v1:0', BEDROCK_GUARDRAIL_ID: 'gr0123456789', BEDROCK_GUARDRAIL_VERSION: '2', AI_QUIZ_DAILY_LIMIT: '5',
    });
  });

  it('refuses a model id or guardrail Bedrock would not accept', () => {
    expect(() => aiModelTarget((key) => ({ bedrockModelId: 'nova micro' })[key])).toThrow(/bedrockModelId/);
    expect(() => aiModelTarget((key) => ({ bedrockModelId: '*' })[key])).toThrow(/bedrockModelId/);
    expect(() => aiModelTarget((key) => ({ bedrockGuardrailId: 'a/b' })[key])).toThrow(/bedrockGuardrailId/);
  });

  it('grants nothing for an empty grant list', () => {
    expect(synth([]).statements).toEqual([]);
  });
});
