/**
 * Creates (or finds) every local resource from infra/aws/definitions.ts, the same definitions the
 * CDK constructs use. Idempotent: safe against fresh emulators or a long-running LocalStack.
 */
import {
  CognitoIdentityProviderClient, CreateGroupCommand, CreateUserPoolClientCommand, CreateUserPoolCommand,
  ListUserPoolClientsCommand, ListUserPoolsCommand, SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateEventBusCommand, EventBridgeClient, PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { CreateQueueCommand, GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { EVENT_SOURCE } from '../../../events/index.js';
import { consumerDetailTypes, eventConsumers, mfaPolicy, passwordPolicy, table, USER_GROUPS, workQueues } from '../../aws/definitions.js';
import { workQueueUrlVariable } from '../../../functions/shared/work-queue-url.js';
import { RECORD_STORE_ENDPOINT_ENV } from '../../../functions/shared/aws/keyvaluestore.js';
import { RECORD_STORE_ARN_ENV } from '../../../functions/sitepages/files.js';
import type { LocalSettings } from '../settings.js';
import { KEY_VALUE_STORE_PATH, keyValueStoreEmulator } from './keyvaluestore.js';

export interface LocalResources {
  region: string;
  endpoint: string;
  dynamodbEndpoint: string;
  tableName: string;
  uploadsBucket: string;
  /** The sitemap job's files (robots.txt, sitemap.xml, sitemaps/*), served by the gateway as CloudFront serves the web bucket's. */
  webBucket: string;
  /**
   * CloudFront's KeyValueStore of rendered and gone record pages, emulated on the local gateway
   * (keyvaluestore.ts): its ARN, the SDK's endpoint for it, and the bucket its items are kept in.
   */
  recordStore: { arn: string; endpoint: string; bucket: string };
  userPoolId: string;
  userPoolClientId: string;
  /** The API's own client (sign-up and resent codes, with a secret). */
  userPoolServerClientId: string;
  eventBusName: string;
  /** consumer name → queue URL */
  queues: Record<string, string>;
}

export function clientConfig(settings: Pick<LocalSettings, 'endpoint' | 'region'>) {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  };
}

/** DynamoDB clients go to DynamoDB Local, everything else to moto. */
export function dynamoClientConfig(settings: Pick<LocalSettings, 'dynamodbEndpoint' | 'region'>) {
  return clientConfig({ endpoint: settings.dynamodbEndpoint, region: settings.region });
}

/** The emulated store of record pages: an ARN shaped like CloudFront's (moto's account), served by the gateway. */
function recordStoreOf(settings: LocalSettings): LocalResources['recordStore'] {
  return {
    arn: `arn:aws:cloudfront::123456789012:key-value-store/${settings.names.recordStore}`,
    // localhost, not 127.0.0.1: the SDK still resolves the service's endpoint rules for the signing scheme, which
    // put the account in front of the host (`{account}.127.0.0.1` is no URL, `{account}.localhost` is one).
    endpoint: `http://localhost:${settings.gatewayPort}${KEY_VALUE_STORE_PATH}`,
    bucket: settings.names.recordStoreBucket,
  };
}

const ignore = (...names: string[]) => (error: Error) => {
  if (!names.includes(error.name)) throw error;
};

async function provisionTable(ddb: DynamoDBClient, name: string): Promise<void> {
  const attrs = new Set<string>([table.partitionKey, table.sortKey]);
  for (const g of table.globalSecondaryIndexes) { attrs.add(g.partitionKey); attrs.add(g.sortKey); }
  await ddb.send(new CreateTableCommand({
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: table.partitionKey, KeyType: 'HASH' },
      { AttributeName: table.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  })).catch(ignore('ResourceInUseException'));
  for (let i = 0; i < 50; i++) {
    const out = await ddb.send(new DescribeTableCommand({ TableName: name }));
    if (out.Table?.TableStatus === 'ACTIVE') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await ddb.send(new UpdateTimeToLiveCommand({
    TableName: name,
    TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
  })).catch(ignore('ValidationException'));
}

async function findUserPool(cognito: CognitoIdentityProviderClient, settings: LocalSettings) {
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  const userPoolId = pools.UserPools?.find((p) => p.Name === settings.names.userPool)?.Id;
  if (!userPoolId) return { userPoolId: undefined, userPoolClientId: undefined, userPoolServerClientId: undefined };
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  const idOf = (name: string) => clients.UserPoolClients?.find((c) => c.ClientName === name)?.ClientId;
  return { userPoolId, userPoolClientId: idOf(settings.names.userPoolClient), userPoolServerClientId: idOf(settings.names.userPoolServerClient) };
}

async function provisionUserPool(cognito: CognitoIdentityProviderClient, settings: LocalSettings) {
  const found = await findUserPool(cognito, settings);
  let userPoolId = found.userPoolId;
  if (!userPoolId) {
    const created = await cognito.send(new CreateUserPoolCommand({
      PoolName: settings.names.userPool,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: passwordPolicy.minLength,
          RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false,
        },
      },
      MfaConfiguration: mfaPolicy.configuration,
    }));
    userPoolId = created.UserPool!.Id!;
  }
  // Also on a pool that already exists (a reused emulator), like a CDK update would.
  await cognito.send(new SetUserPoolMfaConfigCommand({
    UserPoolId: userPoolId,
    MfaConfiguration: mfaPolicy.configuration,
    SoftwareTokenMfaConfiguration: { Enabled: mfaPolicy.totp },
  }));
  let userPoolClientId = found.userPoolClientId;
  if (!userPoolClientId) {
    const created = await cognito.send(new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: settings.names.userPoolClient,
      GenerateSecret: false,
      // USER_PASSWORD_AUTH only locally: the emulator does not verify SRP proofs.
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }));
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  let userPoolServerClientId = found.userPoolServerClientId;
  if (!userPoolServerClientId) {
    const created = await cognito.send(new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: settings.names.userPoolServerClient,
      // As on AWS: SignUp and ResendConfirmationCode need its SECRET_HASH; nobody signs in with it.
      GenerateSecret: true,
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
    }));
    userPoolServerClientId = created.UserPoolClient!.ClientId!;
  }
  for (const group of USER_GROUPS) {
    await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }))
      .catch(ignore('GroupExistsException'));
  }
  return { userPoolId, userPoolClientId, userPoolServerClientId };
}

async function provisionEvents(settings: LocalSettings): Promise<Record<string, string>> {
  const cfg = clientConfig(settings);
  const eb = new EventBridgeClient(cfg);
  const sqs = new SQSClient(cfg);
  const bus = settings.names.eventBus;
  await eb.send(new CreateEventBusCommand({ Name: bus })).catch(ignore('ResourceAlreadyExistsException'));
  const queues: Record<string, string> = {};
  for (const consumer of eventConsumers) {
    const queueName = `${settings.names.eventBus}-${consumer.name}`;
    const queue = await queueWithDlq(sqs, queueName, consumer.maxReceiveCount);
    const ruleName = `${queueName}-rule`;
    await eb.send(new PutRuleCommand({
      Name: ruleName,
      EventBusName: bus,
      EventPattern: JSON.stringify({ source: [EVENT_SOURCE], 'detail-type': consumerDetailTypes(consumer) }),
      State: 'ENABLED',
    }));
    await eb.send(new PutTargetsCommand({
      Rule: ruleName,
      EventBusName: bus,
      Targets: [{ Id: 'queue', Arn: queue.arn }],
    }));
    queues[consumer.name] = queue.url;
  }
  // Work queues: no rule, a timed job sends to them (definitions.workQueues).
  for (const work of workQueues) {
    queues[work.name] = (await queueWithDlq(sqs, `${settings.names.eventBus}-${work.name}`, work.maxReceiveCount)).url;
  }
  return queues;
}

/** A queue and its dead-letter queue (`<name>-dlq`), redriven after maxReceiveCount receives, as CDK makes them. */
async function queueWithDlq(sqs: SQSClient, queueName: string, maxReceiveCount: number): Promise<{ url: string; arn: string }> {
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${queueName}-dlq` }));
  const dlqAttrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
  const queue = await sqs.send(new CreateQueueCommand({
    QueueName: queueName,
    Attributes: {
      VisibilityTimeout: '30',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqAttrs.Attributes!.QueueArn, maxReceiveCount }),
    },
  }));
  const attrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queue.QueueUrl, AttributeNames: ['QueueArn'] }));
  return { url: queue.QueueUrl!, arn: attrs.Attributes!.QueueArn! };
}

export async function provision(settings: LocalSettings): Promise<LocalResources> {
  const cfg = clientConfig(settings);
  const s3 = new S3Client({ ...cfg, forcePathStyle: true });
  await provisionTable(new DynamoDBClient(dynamoClientConfig(settings)), settings.names.table);
  await s3.send(new CreateBucketCommand({ Bucket: settings.names.uploadsBucket }))
    .catch(ignore('BucketAlreadyOwnedByYou', 'BucketAlreadyExists'));
  await s3.send(new CreateBucketCommand({ Bucket: settings.names.webBucket }))
    .catch(ignore('BucketAlreadyOwnedByYou', 'BucketAlreadyExists'));
  const recordStore = recordStoreOf(settings);
  await s3.send(new CreateBucketCommand({ Bucket: recordStore.bucket }))
    .catch(ignore('BucketAlreadyOwnedByYou', 'BucketAlreadyExists'));
  await keyValueStoreEmulator(s3, recordStore.bucket).create(recordStore.arn);
  await s3.send(new PutBucketCorsCommand({
    Bucket: settings.names.uploadsBucket,
    CORSConfiguration: {
      CORSRules: [{
        AllowedOrigins: [settings.appOrigin],
        AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
        AllowedHeaders: ['*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 3000,
      }],
    },
  }));
  const { userPoolId, userPoolClientId, userPoolServerClientId } = await provisionUserPool(new CognitoIdentityProviderClient(cfg), settings);
  const queues = await provisionEvents(settings);
  await new SESv2Client(cfg).send(new CreateEmailIdentityCommand({ EmailIdentity: settings.emailFrom }))
    .catch(ignore('AlreadyExistsException'));
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    dynamodbEndpoint: settings.dynamodbEndpoint,
    tableName: settings.names.table,
    uploadsBucket: settings.names.uploadsBucket,
    webBucket: settings.names.webBucket,
    recordStore,
    userPoolId,
    userPoolClientId,
    userPoolServerClientId,
    eventBusName: settings.names.eventBus,
    queues,
  };
}

/**
 * The resources of a running local stack, looked up without changing anything (for tools such
 * as the admin CLI; provisioning again would reset settings such as the bucket's CORS origin).
 */
export async function locateResources(settings: LocalSettings): Promise<LocalResources> {
  const cfg = clientConfig(settings);
  const { userPoolId, userPoolClientId, userPoolServerClientId } = await findUserPool(new CognitoIdentityProviderClient(cfg), settings);
  if (!userPoolId || !userPoolClientId || !userPoolServerClientId) {
    throw new Error(`No local user pool "${settings.names.userPool}" at ${settings.endpoint}: is the product running (npm start)?`);
  }
  const sqs = new SQSClient(cfg);
  const queues: Record<string, string> = {};
  for (const { name } of [...eventConsumers, ...workQueues]) {
    const out = await sqs.send(new GetQueueUrlCommand({ QueueName: `${settings.names.eventBus}-${name}` }));
    queues[name] = out.QueueUrl!;
  }
  return {
    region: settings.region, endpoint: settings.endpoint, dynamodbEndpoint: settings.dynamodbEndpoint,
    tableName: settings.names.table,
    uploadsBucket: settings.names.uploadsBucket, webBucket: settings.names.webBucket, recordStore: recordStoreOf(settings), userPoolId, userPoolClientId, userPoolServerClientId, eventBusName: settings.names.eventBus, queues,
  };
}

/** The environment every handler sees locally, as CDK sets it on AWS. */
export function handlerEnvironment(resources: LocalResources, settings: LocalSettings): Record<string, string> {
  return {
    AWS_ENDPOINT_URL: resources.endpoint,
    // The SDK's per-service endpoint wins over AWS_ENDPOINT_URL for DynamoDB clients.
    AWS_ENDPOINT_URL_DYNAMODB: resources.dynamodbEndpoint,
    AWS_REGION: resources.region,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    TABLE_NAME: resources.tableName,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    // On AWS only the functions holding identity:sign-up get it (infra/aws/constructs/grants.ts).
    USER_POOL_SERVER_CLIENT_ID: resources.userPoolServerClientId,
    UPLOADS_BUCKET: resources.uploadsBucket,
    // On AWS only the functions holding web:sitemaps get it (infra/aws/constructs/grants.ts).
    WEB_BUCKET: resources.webBucket,
    EVENT_BUS_NAME: resources.eventBusName,
    // On AWS only the page consumers get the store (web:tutor-pages, web:course-pages); its client is pointed at the gateway's emulation.
    [RECORD_STORE_ARN_ENV]: resources.recordStore.arn,
    [RECORD_STORE_ENDPOINT_ENV]: resources.recordStore.endpoint,
    // Every handler gets every work queue's URL locally; on AWS only the jobs that send to one.
    ...Object.fromEntries(workQueues.flatMap(({ name }) => (resources.queues[name] ? [[workQueueUrlVariable(name), resources.queues[name]]] : []))),
    EMAIL_FROM: settings.emailFrom,
    APP_ORIGIN: settings.appOrigin,
    // Business metrics go to CloudWatch on AWS; locally nothing reads them (functions/shared/metrics.ts).
    POWERTOOLS_METRICS_DISABLED: 'true',
    // No X-Ray daemon locally: Tracer stays off and costs nothing (functions/shared/tracer.ts).
    POWERTOOLS_TRACE_ENABLED: 'false',
  };
}
