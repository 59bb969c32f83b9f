/**
 * The one translation from a route's (or consumer's) `grants` to IAM. Every grant is the
 * smallest set of actions the handlers need, on the product's own resources only.
 */
import { Aws, Names, Reference, Stack, Tokenization } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { Grant } from '../../../functions/routes.js';
import { UPLOADS_KYC_PREFIX } from './uploads.js';
import { SITEMAP_KEYS, WEB_BUCKET_ENV } from '../../../functions/sitemap/files.js';
import { COURSE_PAGE_KEYS, DISTRIBUTION_ID_ENV, RECORD_STORE_ARN_ENV, SITE_PAGE_KEYS } from '../../../functions/sitepages/files.js';
import { isInferenceProfile, modelInvokeStatements, type AiModelTarget } from '../ai-model.js';
import {
  integrationEnvironment, integrationForGrant, integrations, isIntegrationGrant, type IntegrationId, type IntegrationTarget,
} from '../integrations.js';

/** The conversations WebSocket API, as the functions that push to it need it (constructs/sockets.ts). */
export interface SocketTarget {
  /** The management API's endpoint: https://{apiId}.execute-api.{region}.amazonaws.com/{stage}. */
  managementEndpoint: string;
  /** execute-api:ManageConnections on this API's stage only: arn:…:{apiId}/{stage}/POST/@connections/*. */
  connectionsArn: string;
}

export interface GrantTargets {
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  /** The API's own app client (sign-up and resent codes, grant identity:sign-up). */
  serverClient: cognito.IUserPoolClient;
  bus: events.IEventBus;
  uploads: s3.IBucket;
  /** The bucket CloudFront serves the SPA from (constructs/web.ts). */
  web: s3.IBucket;
  /** The CloudFront distribution in front of it (constructs/web.ts): the tutor pages' invalidations. */
  distribution?: { distributionId: string };
  /** CloudFront's KeyValueStore of rendered and gone record pages (constructs/web.ts), written by the page consumers. */
  recordStore?: { keyValueStoreArn: string };
  /** Sender address; e-mail may only be sent from it. */
  emailFrom: string;
  /** Each outside provider's API and secret (an SSM SecureString the operator creates after deploy). */
  integrations: Record<IntegrationId, IntegrationTarget>;
  /** The Bedrock model the functions holding ai:invoke call, and its settings (infra/aws/ai-model.ts). */
  aiModel: AiModelTarget;
  /** The messaging caps from CDK context (infra/aws/messaging-caps.ts), for the functions that can send SMS or WhatsApp. */
  messagingCaps?: Record<string, string>;
  /** The conversations WebSocket API's management endpoint and connections (constructs/sockets.ts). */
  sockets: SocketTarget;
}

/** Parameter Store names: letters, digits and _ . - / (AWS), fully qualified with a leading slash here. */
const PARAMETER_NAME = /^(\/[A-Za-z0-9_.-]+)+$/;

/** ARN of an SSM parameter in the stack's account and region (a leading / is part of the name, not doubled). */
export function parameterArn(name: string): string {
  if (!PARAMETER_NAME.test(name) || name.length > 1011) {
    throw new Error(`SSM parameter name must look like /alp/prod/paystack/secret-key, got "${name}"`);
  }
  return `arn:${Aws.PARTITION}:ssm:${Aws.REGION}:${Aws.ACCOUNT_ID}:parameter${name}`;
}

/** Any KMS key of the account and region; the statement's conditions narrow it to SSM decrypting one parameter. */
const ACCOUNT_KMS_KEYS = `arn:${Aws.PARTITION}:kms:${Aws.REGION}:${Aws.ACCOUNT_ID}:key/*`;

/**
 * Environment the grants imply (set only on the functions that hold them): a provider's adapter
 * finds its API and its secret from these (infra/aws/integrations.ts, functions/shared/secrets.ts).
 */
export function grantEnvironment(grants: readonly Grant[], t: GrantTargets): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const integration of integrations) {
    if (grants.includes(integration.grant)) Object.assign(environment, integrationEnvironment(integration, t.integrations[integration.id]));
  }
  if (grants.includes('ai:invoke')) Object.assign(environment, t.aiModel.environment);
  if (grants.includes('messaging:sms') || grants.includes('messaging:whatsapp')) Object.assign(environment, t.messagingCaps);
  const recordPages = grants.includes('web:tutor-pages') || grants.includes('web:course-pages');
  if (grants.includes('web:sitemaps') || recordPages) environment[WEB_BUCKET_ENV] = t.web.bucketName;
  if (recordPages && t.distribution) environment[DISTRIBUTION_ID_ENV] = t.distribution.distributionId;
  if (recordPages && t.recordStore) environment[RECORD_STORE_ARN_ENV] = t.recordStore.keyValueStoreArn;
  if (grants.includes('identity:sign-up')) environment.USER_POOL_SERVER_CLIENT_ID = t.serverClient.userPoolClientId;
  // functions/conversations/socket-push.ts SOCKET_ENDPOINT_ENV
  if (grants.includes('conversations:push')) environment.CONVERSATIONS_SOCKET_ENDPOINT = t.sockets.managementEndpoint;
  return environment;
}

/**
 * Reading one provider's secret: ssm:GetParameter on its one parameter, and kms:Decrypt for the
 * SecureString. With the default aws/ssm key its key policy already allows decrypting for the
 * account; with a customer managed key this statement is what lets the function use it; either
 * way only through SSM (kms:ViaService) and only for this parameter (SSM's encryption context
 * PARAMETER_ARN).
 */
function secretStatements(parameterName: string): iam.PolicyStatement[] {
  const arn = parameterArn(parameterName);
  return [
    new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [arn] }),
    new iam.PolicyStatement({
      actions: ['kms:Decrypt'],
      resources: [ACCOUNT_KMS_KEYS],
      conditions: {
        StringEquals: {
          'kms:ViaService': `ssm.${Aws.REGION}.${Aws.URL_SUFFIX}`,
          'kms:EncryptionContext:PARAMETER_ARN': arn,
        },
      },
    }),
  ];
}

/**
 * Item-level reads. No Scan: request paths read by key only, and IAM enforces it.
 * (TransactGetItems is authorised by GetItem.)
 */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
/** Item-level writes; TransactWriteItems is authorised by these. */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem',
];
/**
 * The Cognito admin operations of identity management (sign-up with its rollback, group
 * changes, user administration). SignUp itself is a public Cognito call and needs no IAM.
 */
export const IDENTITY_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
];

function statementsFor(grant: Grant, t: GrantTargets): iam.PolicyStatement[] {
  if (isIntegrationGrant(grant)) {
    return secretStatements(t.integrations[integrationForGrant(grant)!.id as IntegrationId].secretParameterName);
  }
  switch (grant) {
    case 'table:read':
      return [new iam.PolicyStatement({
        actions: TABLE_READ_ACTIONS,
        resources: [t.table.tableArn, `${t.table.tableArn}/index/*`],
      })];
    case 'table:write':
      return [new iam.PolicyStatement({ actions: TABLE_WRITE_ACTIONS, resources: [t.table.tableArn] })];
    case 'identity:admin':
      return [new iam.PolicyStatement({ actions: IDENTITY_ADMIN_ACTIONS, resources: [t.userPool.userPoolArn] })];
    case 'identity:sign-up':
      // The server client's secret, read from Cognito (functions/auth/server-client.ts). IAM names
      // the pool, not the client; the SPA's client has no secret to read.
      return [new iam.PolicyStatement({ actions: ['cognito-idp:DescribeUserPoolClient'], resources: [t.userPool.userPoolArn] })];
    case 'identity:password-check':
      return [new iam.PolicyStatement({ actions: ['cognito-idp:AdminInitiateAuth'], resources: [t.userPool.userPoolArn] })];
    case 'events:publish':
      return [new iam.PolicyStatement({ actions: ['events:PutEvents'], resources: [t.bus.eventBusArn] })];
    case 'uploads:read':
      // GetObject also authorises HeadObject and presigned GETs signed by this role.
      return [new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [t.uploads.arnForObjects('*')] })];
    case 'uploads:write':
      // Presigned PUT/POST URLs carry the signer's permissions.
      return [new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [t.uploads.arnForObjects('*')] })];
    case 'uploads:retain-kyc':
      // The review copies the document onto itself with the retention tag (a copy with tags needs
      // PutObjectTagging); identity documents only, so no other object can be rewritten or tagged.
      return [new iam.PolicyStatement({ actions: ['s3:PutObject', 's3:PutObjectTagging'], resources: [t.uploads.arnForObjects(`${UPLOADS_KYC_PREFIX}*`)] })];
    case 'uploads:delete':
      return [new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: [t.uploads.arnForObjects('*')] })];
    case 'uploads:list':
      // ListObjectsV2 is authorised on the bucket, not its objects.
      return [new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [t.uploads.bucketArn] })];
    case 'web:sitemaps':
      // The sitemap job's own files only (functions/sitemap/repository.ts): never the SPA's.
      return [new iam.PolicyStatement({
        actions: ['s3:PutObject'],
        resources: SITEMAP_KEYS.map((key) => t.web.arnForObjects(key)),
      })];
    case 'web:tutor-pages':
    case 'web:course-pages':
      // The tutors' (or the courses' and the catalogue's) pages and share images only
      // (functions/sitepages/repository.ts): never the SPA's files; and invalidating on this one
      // distribution (CreateInvalidation has no path-level resource).
      return [
        new iam.PolicyStatement({
          actions: ['s3:PutObject', 's3:DeleteObject'],
          resources: (grant === 'web:tutor-pages' ? SITE_PAGE_KEYS : COURSE_PAGE_KEYS).map((key) => t.web.arnForObjects(key)),
        }),
        ...(t.distribution ? [new iam.PolicyStatement({
          actions: ['cloudfront:CreateInvalidation'],
          resources: [`arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${t.distribution.distributionId}`],
        })] : []),
        // The record's key in the store the viewer-request function reads (`page` or `gone`):
        // conditional writes need the store's ETag first (functions/sitepages/record-store.ts).
        ...(t.recordStore ? [new iam.PolicyStatement({
          actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey', 'cloudfront-keyvaluestore:DeleteKey'],
          resources: [t.recordStore.keyValueStoreArn],
        })] : []),
      ];
    case 'email:send':
      return [new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        // SES authorises against every identity involved (the sender and, in the sandbox, the
        // recipients), so the resource is the account's identities; the condition pins the sender.
        resources: [`arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`],
        conditions: { StringEquals: { 'ses:FromAddress': t.emailFrom } },
      })];
    case 'ai:invoke':
      return modelInvokeStatements(t.aiModel);
    case 'conversations:push':
      // PostToConnection (and GetConnection/DeleteConnection) on this API's stage's connections only.
      return [new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [t.sockets.connectionsArn] })];
    default: {
      const unknown: never = grant;
      throw new Error(`Unknown grant ${String(unknown)}`);
    }
  }
}

/** Adds the grants to the role and documents (for cdk-nag) the wildcards they need. */
export function applyGrants(role: iam.Role, grants: readonly Grant[], targets: GrantTargets): void {
  const unique = [...new Set(grants)];
  for (const grant of unique) {
    for (const statement of statementsFor(grant, targets)) role.addToPrincipalPolicy(statement);
  }

  const reasons: { id: string; reason: string; appliesTo: Array<string | { regex: string }> }[] = [];
  if (unique.includes('table:read')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'Queries on the table\'s overloaded GSIs (gsi1..gsi3) need the index ARNs; the wildcard covers only this table\'s indexes.',
      appliesTo: nagArns(role, targets.table.tableArn).map((arn) => `Resource::${arn}/index/*`),
    });
  }
  if (unique.some((g) => g.startsWith('uploads:'))) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'Upload keys are per user and per file ({userId}/{timestamp}_{name}); object actions are limited to this one private bucket.',
      appliesTo: nagArns(role, targets.uploads.bucketArn).map((arn) => `Resource::${arn}/*`),
    });
  }
  if (unique.includes('uploads:retain-kyc')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'The KYC review rewrites the reviewed document (any tutor\'s) with its retention tag; limited to identity documents (kyc/*).',
      appliesTo: nagArns(role, targets.uploads.bucketArn).map((arn) => `Resource::${arn}/${UPLOADS_KYC_PREFIX}*`),
    });
  }
  if (unique.includes('web:sitemaps')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'The sitemap job writes its own files: sitemaps/{name}.xml (split past 50,000 URLs), beside robots.txt and sitemap.xml; never the SPA\'s files.',
      appliesTo: nagArns(role, targets.web.bucketArn).map((arn) => `Resource::${arn}/sitemaps/*`),
    });
  }
  if (unique.includes('web:tutor-pages')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'A tutor\'s page and share images are named by the tutor\'s id (pages/tutor-profile/{id}.html, share/tutor/{id}.png, per language); only those two folders of the web bucket, never the SPA\'s files.',
      appliesTo: nagArns(role, targets.web.bucketArn).flatMap((arn) => SITE_PAGE_KEYS.map((key) => `Resource::${arn}/${key}`)),
    });
  }
  if (unique.includes('web:course-pages')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'A course\'s page and share images are named by the course\'s id (pages/courses/{id}.html, share/course/{id}.png, per language); only those two folders and the catalogue\'s own files of the web bucket, never the SPA\'s other files.',
      appliesTo: nagArns(role, targets.web.bucketArn).flatMap((arn) => COURSE_PAGE_KEYS.filter((key) => key.endsWith('*')).map((key) => `Resource::${arn}/${key}`)),
    });
  }
  if (unique.includes('email:send')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'SES checks ses:SendEmail on every identity of a message (sandbox recipients too); the ses:FromAddress condition restricts sending to the product\'s sender address.',
      appliesTo: ['Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*'],
    });
  }
  const providers = unique.filter(isIntegrationGrant).map((g) => integrationForGrant(g)!.name);
  if (providers.length > 0) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: `kms:Decrypt for the ${providers.join(' and ')} SecureString: the key (aws/ssm or one the operator picks) is not known when `
        + 'the stack is built, so the resource is the account\'s keys, and the conditions allow decrypting only through '
        + 'SSM (kms:ViaService) and only for the one parameter (kms:EncryptionContext:PARAMETER_ARN).',
      appliesTo: ['Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*'],
    });
  }
  if (unique.includes('ai:invoke') && isInferenceProfile(targets.aiModel.modelId)) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'A cross-Region inference profile may run the model in any Region of its geography, so the foundation-model ARN has a '
        + 'Region wildcard; it names the one model, and the bedrock:InferenceProfileArn condition allows it only through this profile.',
      appliesTo: [`Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${targets.aiModel.modelId.replace(/^[a-z-]+\./, '')}`],
    });
  }
  if (unique.includes('conversations:push')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'Connection ids are made by API Gateway as browsers connect: the wildcard covers the connections of the one conversations WebSocket API\'s one stage.',
      appliesTo: [{ regex: '/^Resource::arn:.*:execute-api:.*\\/ws\\/POST\\/@connections\\/\\*$/g' }],
    });
  }
  if (reasons.length > 0) {
    NagSuppressions.addResourceSuppressions(role, reasons, true);
  }
}

/**
 * cdk-nag's spelling of an ARN attribute of a resource in the same stack, `<LogicalId.Arn>`, for
 * `appliesTo` (resolved from the token, so it follows logical-id changes).
 */
export function nagArn(scope: IConstruct, arn: string): string {
  const resolved = Stack.of(scope).resolve(arn) as { 'Fn::GetAtt'?: [string, string] } | undefined;
  const getAtt = resolved?.['Fn::GetAtt'];
  if (!getAtt) throw new Error(`Expected a Fn::GetAtt ARN, got ${JSON.stringify(resolved)}`);
  return `<${getAtt[0]}.${getAtt[1]}>`;
}

/**
 * {@link nagArn} for a resource that may live in the parent of scope's nested stack: cdk-nag meets
 * it both as the parent's `<LogicalId.Arn>` (before CDK wires the stacks) and as the parameter CDK
 * passes it through, `<referenceto{uniqueId}{attribute}>` (after), so both spellings are given.
 */
export function nagArns(scope: IConstruct, arn: string): string[] {
  const reference = Tokenization.reverseString(arn).firstToken;
  if (reference instanceof Reference && Stack.of(reference.target) !== Stack.of(scope)) {
    return [nagArn(reference.target, arn), `<referenceto${Names.nodeUniqueId(reference.target.node)}${reference.displayName}>`];
  }
  return [nagArn(scope, arn)];
}
