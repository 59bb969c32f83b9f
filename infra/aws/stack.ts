/**
 * The production topology (docs/architecture.md "Production") in one stack, composed of one construct per
 * concern (infra/aws/constructs/). Environment-agnostic: `cdk deploy` picks account and region.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Aspects, CfnOutput, NestedStack, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks, NagSuppressions } from 'cdk-nag';
import type { Construct, IConstruct } from 'constructs';
import { routeList, type RouteDef, type RouteName } from '../../functions/routes.js';
import {
  APP_NAME, DEFAULT_EMAIL_FROM, DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE, eventConsumers, schedules, workQueues, type EventConsumer, type ScheduledJob,
} from './definitions.js';
import { aiModelTarget } from './ai-model.js';
import { messagingCapsEnvironment } from './messaging-caps.js';
import { Api, type Throttle } from './constructs/api.js';
import { CapacityAlarms } from './constructs/capacity-alarms.js';
import { Data } from './constructs/data.js';
import { Email } from './constructs/email.js';
import { Events } from './constructs/events.js';
import { PROJECT_ROOT, type FunctionEnvironment } from './constructs/function.js';
import { nagArn, type GrantTargets } from './constructs/grants.js';
import { Identity } from './constructs/identity.js';
import {
  apiUrlOutputId, defaultSecretParameter, integrationBaseUrl, integrations, secretParameterOutputId, type IntegrationId, type IntegrationTarget,
} from './integrations.js';
import { AccessLogs } from './constructs/logs.js';
import { Monitoring } from './constructs/monitoring.js';
import { Schedules } from './constructs/schedules.js';
import { ConversationSockets } from './constructs/sockets.js';
import { WorkQueues } from './constructs/work-queues.js';
import { Uploads, uploadsBucketName } from './constructs/uploads.js';
import { Web, type CustomDomain } from './constructs/web.js';
import { RegionalFirewall } from './constructs/waf.js';
import { apiCacheGroups } from './api-cache-keys.js';
import { PAGE_RENDERER_BUILD_DIR, PAGE_RENDERER_ENTRY } from './prerendered-pages.js';
import { DEFAULT_DISPUTE_WINDOW_HOURS, DEFAULT_PLATFORM_FEE_PERCENT } from '../../functions/ledger/rules.js';
import { DEFAULT_PAYOUT_MINIMUM_KSH } from '../../functions/payouts/rules.js';
import { DEFAULT_KYC_DOCUMENT_RETENTION_DAYS } from '../../functions/uploads/rules.js';

export { DEFAULT_SUPPORT_PHONE };
export const DEFAULT_WEB_DIST = join(PROJECT_ROOT, 'frontend', 'dist');
/** The page renderer the web build makes for the page consumers (frontend/page-renderer-build.ts). */
export const DEFAULT_PAGE_RENDERER = join(PROJECT_ROOT, PAGE_RENDERER_BUILD_DIR);

export interface AlpStackProps extends StackProps {
  /** Deployment stage (prod, staging, …): part of resource names. */
  stage: string;
  /** Shown on the sign-in dialog and the Help and Contact pages (RuntimeConfig.supportPhone). */
  supportPhone?: string;
  /** Shown on the Help and Contact pages (RuntimeConfig.supportEmail). */
  supportEmail?: string;
  /**
   * Sender of the product's e-mail (default no-reply@{emailDomain}, else DEFAULT_EMAIL_FROM). The
   * stack creates its SES identity (constructs/email.ts): the address itself, or emailDomain.
   */
  emailFrom?: string;
  /** Verify this whole domain in SES with DKIM (records as outputs) instead of the one address. */
  emailDomain?: string;
  /** Cognito sends its e-mails through SES from emailFrom (default true; false: Cognito's capped built-in sender). */
  cognitoEmailViaSes?: boolean;
  /** Serve the app on its own domain instead of *.cloudfront.net. */
  customDomain?: CustomDomain;
  /** Vite output to deploy (default frontend/dist; skipped with a warning when absent). */
  webDistPath?: string;
  /** The built page renderer for the page consumers (default .local/page-renderer, made by the web build; a warning when absent). */
  pageRendererPath?: string;
  /** CloudFront standard logs (default true; false in regions where CloudFront can't deliver them). */
  cloudFrontAccessLogs?: boolean;
  apiThrottle?: Throttle;
  publicWriteThrottle?: Throttle;
  /** The conversations WebSocket API's stage (connects and browser frames; pushes are not counted). */
  socketThrottle?: Throttle;
  /**
   * SSM SecureString per outside provider holding its secret (default: the provider's context key,
   * e.g. `paystackSecretParameter`, else /alp/{stage}/{id}/secret-key). The operator creates it
   * after deploy (README).
   */
  secretParameters?: Partial<Record<IntegrationId, string>>;
  /**
   * ARN of the CloudFront web ACL made by the edge stack in us-east-1 (infra/aws/edge-stack.ts;
   * default: context `webAclArn`). Without it the distribution has no WAF and synth warns.
   */
  webAclArn?: string;
  /** Subscribed to the alarm topic (default: context `alarmEmail`, else nobody until an operator subscribes). */
  alarmEmail?: string;
  /** Timed jobs (default: definitions.schedules; tests pass a fixture job). */
  schedules?: readonly ScheduledJob[];
  /** API routes (default: functions/routes.ts; tests pass a longer table to check the templates' headroom). */
  routes?: ReadonlyArray<RouteDef & { name: RouteName }>;
  /** Event consumers (default: definitions.eventConsumers; tests pass extra ones). */
  eventConsumers?: readonly EventConsumer[];
}

/** Event consumers per template (Workers holds the first ones beside the timed jobs). */
const CONSUMERS_PER_TEMPLATE = 20;
/** Timed jobs in Workers itself; later ones go to nested stacks of their own, this many each. */
const JOBS_IN_WORKERS = 9;
const JOBS_PER_TEMPLATE = 10;

export class AlpStack extends Stack {
  readonly data: Data;
  readonly identity: Identity;
  /** The Cognito user pool's web ACL (per-IP limits on sign-up, sign-in and codes). */
  readonly identityFirewall: RegionalFirewall;
  readonly events: Events;
  readonly api: Api;
  /** The conversations WebSocket API (real-time pushes of each party's inbox state). */
  readonly sockets: ConversationSockets;
  readonly web: Web;
  readonly uploads: Uploads;
  readonly monitoring: Monitoring;
  readonly schedules: Schedules;
  readonly email: Email;
  readonly capacityAlarms: CapacityAlarms;
  /** Queues timed jobs fan their work out to, and their workers. */
  readonly workQueues: WorkQueues;
  /** Nested stack of the event consumers and timed jobs. */
  readonly workers: NestedStack;
  /** The app's public origin, as the Lambdas see it in APP_ORIGIN. */
  readonly appOrigin: string;
  /** Per outside provider: its production API and the SSM SecureString its functions read the secret from. */
  readonly integrationTargets: Record<IntegrationId, IntegrationTarget>;

  constructor(scope: Construct, id: string, props: AlpStackProps) {
    super(scope, id, {
      description: `Africa's Learning Platform (${props.stage}): SPA, API, data, identity, uploads and events`,
      ...props,
    });
    const { stage } = props;
    const emailFrom = props.emailFrom ?? (props.emailDomain ? `no-reply@${props.emailDomain}` : DEFAULT_EMAIL_FROM);
    this.integrationTargets = Object.fromEntries(integrations.map((integration) => {
      const fromContext: unknown = this.node.tryGetContext(integration.secretParameterContextKey);
      const secretParameterName = props.secretParameters?.[integration.id]
        ?? (typeof fromContext === 'string' && fromContext !== '' ? fromContext : defaultSecretParameter(integration, stage));
      const baseUrl = integrationBaseUrl(integration, (key) => this.node.tryGetContext(key));
      if (baseUrl === undefined && 'baseUrlContextKey' in integration) {
        Annotations.of(this).addWarningV2(`alp:${integration.id}-url-missing`, `No ${integration.name} server: deploy with `
          + `-c ${integration.baseUrlContextKey}=${integration.baseUrlExample} (README "Connecting a BigBlueButton server"). Until then its calls fail with "not configured".`);
      }
      return [integration.id, { secretParameterName, baseUrl }];
    })) as Record<IntegrationId, IntegrationTarget>;

    this.data = new Data(this, 'Data');
    this.email = new Email(this, 'Email', { from: emailFrom, domain: props.emailDomain });
    this.identity = new Identity(this, 'Identity', {
      stage,
      ses: (props.cognitoEmailViaSes ?? true) ? this.email : undefined,
    });
    this.identityFirewall = new RegionalFirewall(this, 'IdentityFirewall', { stage, userPoolArn: this.identity.userPool.userPoolArn });
    const accessLogs = new AccessLogs(this, 'AccessLogs');
    const pageRendererPath = props.pageRendererPath ?? DEFAULT_PAGE_RENDERER;
    const pageRendererBuilt = existsSync(join(pageRendererPath, PAGE_RENDERER_ENTRY));
    if (!pageRendererBuilt) {
      // As for the SPA: synth works before a web build, and says what is missing.
      Annotations.of(this).addWarningV2('alp:page-renderer-missing', `${pageRendererPath}/${PAGE_RENDERER_ENTRY} not found: the tutor and `
        + 'course page consumers are deployed without their renderer and fail every event into their dead-letter queues (run `npm run build:web` first).');
    }
    this.events = new Events(this, 'Events', { stage, ...(pageRendererBuilt ? { pageRendererPath } : {}) });
    this.api = new Api(this, 'Api', {
      stage,
      identity: this.identity,
      throttle: props.apiThrottle ?? { rateLimit: 100, burstLimit: 200 },
      publicWriteThrottle: props.publicWriteThrottle ?? { rateLimit: 5, burstLimit: 10 },
    });
    this.sockets = new ConversationSockets(this, 'Sockets', { stage, throttle: props.socketThrottle ?? { rateLimit: 50, burstLimit: 100 } });
    const uploadsBucket = uploadsBucketName(stage);
    this.web = new Web(this, 'Web', {
      socketUrl: this.sockets.url,
      apiDomainName: this.api.domainName,
      uploadsBucketName: uploadsBucket,
      identity: this.identity,
      supportPhone: props.supportPhone ?? DEFAULT_SUPPORT_PHONE,
      supportEmail: props.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
      logsBucket: accessLogs.bucket,
      accessLogs: props.cloudFrontAccessLogs ?? true,
      distPath: props.webDistPath ?? DEFAULT_WEB_DIST,
      customDomain: props.customDomain,
      apiCacheGroups: apiCacheGroups(props.routes ?? routeList),
      webAclArn: props.webAclArn ?? stringContext(this, 'webAclArn'),
      // The live session page frames the BigBlueButton server's classroom (camera, microphone, screen).
      videoOrigin: this.integrationTargets.bigbluebutton.baseUrl ? new URL(this.integrationTargets.bigbluebutton.baseUrl).origin : undefined,
    });

    // APP_ORIGIN without a dependency cycle: the distribution depends only on the HttpApi
    // resource (its execute-api domain), not on routes, integrations or functions, so the
    // functions may reference the distribution's domain (tests/infra asserts the template is
    // acyclic). With a custom domain the origin is a plain string.
    this.appOrigin = this.web.origin;

    // One number for the bucket's lifecycle rule and the functions that stop offering the file.
    const kycDocumentRetentionDays = Number(this.node.tryGetContext('kycDocumentRetentionDays') ?? DEFAULT_KYC_DOCUMENT_RETENTION_DAYS);
    this.uploads = new Uploads(this, 'Uploads', {
      bucketName: uploadsBucket,
      allowedOrigins: [this.appOrigin],
      logsBucket: accessLogs.bucket,
      distribution: this.web.distribution,
      kycDocumentRetentionDays,
    });

    const environment: FunctionEnvironment = {
      TABLE_NAME: this.data.table.tableName,
      USER_POOL_ID: this.identity.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.identity.client.userPoolClientId,
      UPLOADS_BUCKET: this.uploads.bucket.bucketName,
      EVENT_BUS_NAME: this.events.bus.eventBusName,
      EMAIL_FROM: emailFrom,
      APP_ORIGIN: this.appOrigin,
      BOOKING_HOLD_MINUTES: String(this.node.tryGetContext('bookingHoldMinutes') ?? 30),
      CANCELLATION_WINDOW_HOURS: String(this.node.tryGetContext('cancellationWindowHours') ?? 12),
      PLATFORM_FEE_PERCENT: String(this.node.tryGetContext('platformFeePercent') ?? DEFAULT_PLATFORM_FEE_PERCENT),
      DISPUTE_WINDOW_HOURS: String(this.node.tryGetContext('disputeWindowHours') ?? DEFAULT_DISPUTE_WINDOW_HOURS),
      PAYOUT_MINIMUM_KSH: String(this.node.tryGetContext('payoutMinimumKsh') ?? DEFAULT_PAYOUT_MINIMUM_KSH),
      KYC_DOCUMENT_RETENTION_DAYS: String(kycDocumentRetentionDays),
    };
    const grantTargets: GrantTargets = {
      table: this.data.table,
      userPool: this.identity.userPool,
      serverClient: this.identity.serverClient,
      bus: this.events.bus,
      uploads: this.uploads.bucket,
      web: this.web.bucket,
      distribution: this.web.distribution,
      recordStore: this.web.recordStore,
      emailFrom,
      integrations: this.integrationTargets,
      aiModel: aiModelTarget((key) => this.node.tryGetContext(key)),
      messagingCaps: messagingCapsEnvironment((key) => this.node.tryGetContext(key)),
      sockets: this.sockets.target,
    };
    this.sockets.addRoutes(environment, grantTargets);
    // Route functions go to one nested stack per domain (Api.addRoutes), consumers and timed jobs
    // to this one: CloudFormation allows 500 resources a template (docs/architecture.md).
    this.api.addRoutes(props.routes ?? routeList, environment, grantTargets);
    this.workers = new NestedStack(this, 'Workers', {
      description: `Africa's Learning Platform (${stage}): event consumers and timed jobs`,
    });
    // A consumer is about a dozen resources: past CONSUMERS_PER_TEMPLATE the next ones go to a
    // nested stack inside Workers, so no template nears the limit as consumers are added and none
    // of today's consumers moves (their queues and rules have fixed names).
    const consumerList = props.eventConsumers ?? eventConsumers;
    for (let first = 0; first < consumerList.length; first += CONSUMERS_PER_TEMPLATE) {
      const group = first / CONSUMERS_PER_TEMPLATE;
      const parent = group === 0 ? this.workers : new NestedStack(this.workers, `Consumers${group + 1}`, {
        description: `Africa's Learning Platform (${stage}): event consumers, group ${group + 1}`,
      });
      this.events.addConsumers(consumerList.slice(first, first + CONSUMERS_PER_TEMPLATE), environment, grantTargets, parent);
    }
    // A job is about ten resources: as with consumers, the ones past JOBS_IN_WORKERS go to nested
    // stacks inside Workers, and none of today's jobs moves (their schedules have fixed names).
    const jobList = props.schedules ?? schedules;
    this.schedules = new Schedules(this.workers, 'Schedules', { stage });
    this.schedules.addJobs(jobList.slice(0, JOBS_IN_WORKERS), environment, grantTargets);
    for (let first = JOBS_IN_WORKERS; first < jobList.length; first += JOBS_PER_TEMPLATE) {
      const group = (first - JOBS_IN_WORKERS) / JOBS_PER_TEMPLATE + 2;
      const parent = new NestedStack(this.workers, `Jobs${group}`, {
        description: `Africa's Learning Platform (${stage}): timed jobs, group ${group}`,
      });
      const more = new Schedules(parent, 'Schedules', { stage });
      more.addJobs(jobList.slice(first, first + JOBS_PER_TEMPLATE), environment, grantTargets);
      Object.assign(this.schedules.jobs, more.jobs);
    }
    // Beside the jobs that send to them, so a job's grant and queue URL are plain references.
    this.workQueues = new WorkQueues(this.workers, 'WorkQueues', { stage });
    this.workQueues.addQueues(workQueues, environment, grantTargets);
    for (const job of props.schedules ?? schedules) {
      const resources = this.schedules.jobs[job.name];
      if (resources) this.workQueues.connectJob(job, resources.function);
    }

    const alarmEmail: unknown = props.alarmEmail ?? this.node.tryGetContext('alarmEmail');
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      httpApi: this.api.httpApi,
      alarms: [
        ...Object.values(this.events.consumers).map((c) => c.deadLetterAlarm),
        ...Object.values(this.schedules.jobs).map((j) => j.deadLetterAlarm),
        ...Object.values(this.workQueues.queues).map((w) => w.deadLetterAlarm),
        ...this.sockets.alarms,
      ],
      alarmEmail: typeof alarmEmail === 'string' && alarmEmail !== '' ? alarmEmail : undefined,
      messagingDailySpendKes: Number(this.node.tryGetContext('messagingDailySpendAlarmKes')) || undefined,
    });

    // After every function exists: each function group's alarms are found by walking the app.
    this.capacityAlarms = new CapacityAlarms(this, 'CapacityAlarms', { app: this, table: this.data.table, action: this.monitoring.action });

    this.suppressBucketDeploymentFindings();

    Tags.of(this).add('app', APP_NAME);
    Tags.of(this).add('stage', stage);

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('SpaUrl', this.appOrigin, 'The app (SPA) URL');
    output('ApiUrl', `${this.appOrigin}/api`, 'The API as the browser calls it (through CloudFront)');
    output('SocketUrl', this.sockets.url, 'The conversations WebSocket API (browsers connect with ?token={access token})');
    output('HttpApiEndpoint', this.api.httpApi.apiEndpoint, 'The HTTP API\'s own endpoint (CloudFront origin of /api/*)');
    output('UserPoolId', this.identity.userPool.userPoolId, 'Cognito user pool id');
    output('UserPoolClientId', this.identity.client.userPoolClientId, 'Cognito app client id of the SPA');
    output('TableName', this.data.table.tableName, 'DynamoDB table');
    output('UploadsBucket', this.uploads.bucket.bucketName, 'Private uploads bucket');
    output('EventBusName', this.events.bus.eventBusName, 'EventBridge bus of product events');
    output('DistributionId', this.web.distribution.distributionId, 'CloudFront distribution id');
    output('AlarmTopicArn', this.monitoring.topic.topicArn, 'SNS topic of every alarm: subscribe an operator (e-mail, SMS, chat)');
    for (const integration of integrations) {
      output(secretParameterOutputId(integration), this.integrationTargets[integration.id].secretParameterName,
        `SSM SecureString to put the ${integration.name} secret key in (README)`);
      if ('baseUrlContextKey' in integration) {
        output(apiUrlOutputId(integration),
          this.integrationTargets[integration.id].baseUrl ?? `not set: cdk deploy -c ${integration.baseUrlContextKey}=${integration.baseUrlExample}`,
          `The ${integration.name} server's API URL the functions call (context ${integration.baseUrlContextKey})`);
      }
      for (const extra of integration.outputs(this.appOrigin)) output(extra.id, extra.value, extra.description);
    }
  }

  /**
   * BucketDeployment's handler is a CDK-provided singleton Lambda at stack level; its findings
   * are about code and policies the CDK team owns, so they are documented here, once.
   */
  private suppressBucketDeploymentFindings(): void {
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      NagSuppressions.addResourceSuppressions(child, [
        {
          id: 'AwsSolutions-IAM4',
          reason: 'CDK BucketDeployment handler (deploy-time only) uses AWSLambdaBasicExecutionRole for its own logs.',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: 'CDK BucketDeployment handler (policy generated by aws-cdk-lib): it reads the uploaded asset zip '
            + 'from the CDK bootstrap asset bucket and syncs it into the web bucket, which needs object wildcards '
            + 'on those two buckets only.',
          appliesTo: [
            'Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*', 'Action::s3:Abort*', 'Action::s3:DeleteObject*',
            { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-<AWS::Region>\\/\\*$/g' },
            `Resource::${nagArn(this, this.web.bucket.bucketArn)}/*`,
          ],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: 'CDK BucketDeployment handler invalidates /index.html and /config.json after a deployment; '
            + 'aws-cdk-lib grants the CloudFront invalidation actions on "*".',
          appliesTo: ['Resource::*'],
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'Runtime of the CDK-managed BucketDeployment handler is chosen by aws-cdk-lib, not by this app.',
        },
      ], true);
    }
  }
}

function stringContext(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** cdk-nag AWS Solutions rules on everything under scope (the app in infra/aws/app.ts, the stack in tests). */
export function addComplianceChecks(scope: IConstruct): void {
  Aspects.of(scope).add(new AwsSolutionsChecks({ verbose: true }));
}
