/**
 * One place for what every Lambda of the product has in common: Node.js 22 on arm64, an ESM
 * bundle built by the local esbuild (SDK v3 left out: the runtime ships it), a log group with a
 * retention period, X-Ray active tracing, and an execution role that can only write to that log
 * group and send traces. Grants for
 * the product's resources are added by `applyGrants` (grants.ts), never here.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aws, CfnMapping, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';

/** Repository root (this file lives in infra/aws/constructs/). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `functions/{handler}.ts`, the convention of the route table and the event consumers. */
export function handlerEntry(handler: string): string {
  return join(PROJECT_ROOT, 'functions', `${handler}.ts`);
}

/** The runtime environment every handler reads through functions/shared/config.ts. */
// A type, not an interface, so it fits the index signature of the combined environment below.
export type FunctionEnvironment = {
  TABLE_NAME: string;
  USER_POOL_ID: string;
  USER_POOL_CLIENT_ID: string;
  UPLOADS_BUCKET: string;
  EVENT_BUS_NAME: string;
  EMAIL_FROM: string;
  APP_ORIGIN: string;
  /** Minutes an unpaid booking holds the tutor's time (functions/bookings/rules.ts). */
  BOOKING_HOLD_MINUTES: string;
  /** Hours before a lesson when a student can no longer cancel for a refund or propose a new time (functions/bookings/policy-window.ts). */
  CANCELLATION_WINDOW_HOURS: string;
  /** The platform's fee on tutor earnings, in percent (functions/ledger/rules.ts). */
  PLATFORM_FEE_PERCENT: string;
  /** Hours after a lesson before its earnings can be paid out (functions/ledger/rules.ts). */
  DISPUTE_WINDOW_HOURS: string;
  /** Smallest payout in KSh (functions/payouts/rules.ts); `cdk deploy -c payoutMinimumKsh=…`. */
  PAYOUT_MINIMUM_KSH: string;
  /** Days a reviewed identity document's file is kept: the lifecycle rule's, so no link outlives the file (functions/kyc/retention.ts). */
  KYC_DOCUMENT_RETENTION_DAYS: string;
};

/**
 * Set only on functions holding a provider's grant (grants.ts `grantEnvironment`): its API and
 * the SSM SecureString of its secret, e.g. PAYSTACK_BASE_URL and PAYSTACK_SECRET_PARAMETER.
 */
export type IntegrationEnvironment = Record<string, string>;

/**
 * A Cognito trigger's environment: the user pool references the trigger, so the trigger cannot
 * reference the pool or its clients (a cycle); it finds the server client's id in SSM instead.
 */
export type CognitoTriggerEnvironment = { USER_POOL_SERVER_CLIENT_ID_PARAMETER: string };

export interface AppFunctionProps {
  /** Handler path relative to functions/, without extension (e.g. `auth/handlers/sign-up`). */
  handler: string;
  description: string;
  environment: (FunctionEnvironment | CognitoTriggerEnvironment) & Partial<IntegrationEnvironment>;
  /** Powertools service name (structured logs, metrics dimension). */
  serviceName: string;
  timeout?: Duration;
  memorySize?: number;
  logRetention?: logs.RetentionDays;
  /** Executions kept for this function alone, and its ceiling (constructs/concurrency.ts). */
  reservedConcurrency?: number;
  /**
   * Functions that hold exactly the same grants may share an execution role and a log group
   * (the HTTP routes: CloudFormation allows 500 resources a stack, and a role, its policy and a
   * log group for each of 70-odd routes went past it). Same grants, same permissions: nothing is
   * widened. Without it the function gets its own role and log group (event consumers and jobs,
   * whose queue and schedule permissions are their own).
   */
  shared?: { execution: SharedExecution; grantsKey: string };
  /**
   * Files (project-relative) copied beside the bundle, read at run time from LAMBDA_TASK_ROOT:
   * what esbuild cannot bundle, e.g. a WebAssembly module or a font; or a whole folder (a build
   * output, by its absolute path) copied in under its own name, e.g. the page renderer.
   */
  extraFiles?: readonly ExtraFile[];
  /** Writes the record pages' KeyValueStore: {@link BUNDLED_AWS_SDK} goes into its bundle. */
  bundlesRecordStore?: true;
}

/** A project-relative file copied beside the bundle, or a folder (absolute path) copied into the asset as `as`. */
export type ExtraFile = string | { directory: string; as: string };

/**
 * One execution role per set of grants, and one log group, for a family of functions (the API's
 * routes). `roleFor` says whether the role is new, so the caller applies the grants once.
 */
export class SharedExecution extends Construct {
  readonly logGroup: logs.LogGroup;
  private readonly roles = new Map<string, iam.Role>();

  constructor(scope: Construct, id: string, private readonly description: string) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      // Logs may be needed after a function is replaced or the stack is removed.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  roleFor(grantsKey: string): { role: iam.Role; isNew: boolean } {
    const existing = this.roles.get(grantsKey);
    if (existing) return { role: existing, isNew: false };
    const role = new iam.Role(this, `Role${this.roles.size}`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${this.description} with grants: ${grantsKey || 'none'}`,
    });
    this.logGroup.grantWrite(role);
    NagSuppressions.addResourceSuppressions(role, [XRAY_WILDCARD], true);
    this.roles.set(grantsKey, role);
    return { role, isNew: true };
  }
}

const XRAY_WILDCARD = {
  id: 'AwsSolutions-IAM5',
  reason: 'Active tracing: Lambda adds xray:PutTraceSegments and xray:PutTelemetryRecords, which X-Ray '
    + 'supports only on "*" (they name no resource).',
  appliesTo: ['Resource::*'],
};

/**
 * ESM output needs `require` for the few CommonJS dependencies that call it for Node built-ins;
 * the banner gives them one (the usual esbuild recipe for Lambda).
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __alpCreateRequire } from 'node:module'; const require = __alpCreateRequire(import.meta.url);";

/**
 * How every function is bundled. NodejsFunction turns these into esbuild's command line; the
 * Lambda benchmark (tests/bench/lambda.ts) builds with the same through {@link esbuildOptions}.
 */
export const LAMBDA_BUNDLING = {
  minify: true,
  target: 'node22',
  format: OutputFormat.ESM,
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  sourceMap: true,
  sourceMapMode: SourceMapMode.DEFAULT,
  sourcesContent: false,
  // The nodejs22.x runtime ships AWS SDK v3 and the Powertools layer ships Powertools (Tracer
  // brings the X-Ray SDK, ~120 KB minified); leaving both out keeps bundles far below the 300 KB
  // budget (docs/decisions/2026-11-23-lambda-bundles.md).
  externalModules: ['@aws-sdk/*', '@aws-lambda-powertools/*'],
} satisfies BundlingOptions;

/**
 * The AWS SDK packages the functions import that the nodejs22.x runtime provides (functions/shared/aws/*).
 * Named one by one where part of the SDK is bundled: `@aws-sdk/*` would leave that part out too.
 */
export const RUNTIME_AWS_SDK = [
  '@aws-sdk/client-apigatewaymanagementapi', '@aws-sdk/client-bedrock-runtime', '@aws-sdk/client-cloudfront',
  '@aws-sdk/client-cognito-identity-provider', '@aws-sdk/client-dynamodb', '@aws-sdk/client-eventbridge', '@aws-sdk/client-s3',
  '@aws-sdk/client-sesv2', '@aws-sdk/client-sqs', '@aws-sdk/client-ssm', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb',
  '@aws-sdk/s3-presigned-post', '@aws-sdk/s3-request-presigner',
  // The bundled client's default credentials chain: the runtime's (every client there loads it, so it
  // is in memory already, and it only reads the function's role from its environment), not a second
  // copy with its SSO and STS clients (~90 KB).
  '@aws-sdk/credential-provider-node',
] as const;

/**
 * Not in the runtime's SDK: the CloudFront KeyValueStore client and its SigV4A signer (the record
 * pages' store, functions/shared/aws/keyvaluestore.ts). Bundled, with the SDK core they import
 * (a version of their own, not the runtime's), into the functions that write the store only.
 */
export const BUNDLED_AWS_SDK = ['@aws-sdk/client-cloudfront-keyvaluestore', '@aws-sdk/signature-v4a'] as const;

/** {@link LAMBDA_BUNDLING} with {@link BUNDLED_AWS_SDK} (and what it imports) in the bundle. */
export const BUNDLING_WITH_RECORD_STORE = {
  ...LAMBDA_BUNDLING,
  externalModules: [...RUNTIME_AWS_SDK, '@aws-lambda-powertools/*'],
} satisfies BundlingOptions;

/** {@link LAMBDA_BUNDLING}, then `files` copied into the asset beside the bundle (folders under their `as` name). */
export function withExtraFiles(files: readonly ExtraFile[], base: BundlingOptions = LAMBDA_BUNDLING): BundlingOptions {
  return {
    ...base,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir: string, outputDir: string) => files.map((file) => (typeof file === 'string'
        ? `cp "${inputDir}/${file}" "${outputDir}/"`
        : `cp -R "${file.directory}" "${outputDir}/${file.as}"`)),
    },
  };
}

/**
 * {@link LAMBDA_BUNDLING} as esbuild's build options: the flags NodejsFunction passes
 * (aws-lambda-nodejs `Bundling.buildEsbuildArgs`) for these settings.
 */
export function esbuildOptions(entry: string, outfile: string, bundling: typeof LAMBDA_BUNDLING = LAMBDA_BUNDLING): BuildOptions {
  return {
    entryPoints: [entry],
    bundle: true,
    outfile,
    platform: 'node',
    target: bundling.target,
    format: bundling.format === OutputFormat.ESM ? 'esm' : 'cjs',
    minify: bundling.minify,
    // SourceMapMode.DEFAULT: a .map file beside the bundle, linked from it.
    sourcemap: bundling.sourceMap,
    sourcesContent: bundling.sourcesContent,
    external: [...bundling.externalModules],
    banner: { js: bundling.banner },
    mainFields: [...bundling.mainFields],
  };
}

/**
 * AWS's published Powertools layer, pinned by ARN: account 094274105915 publishes
 * `AWSLambdaPowertoolsTypeScriptV2` in every commercial region under the same layer version
 * number (docs/decisions/2026-11-27-powertools-layer-pinned.md: why a layer and not bundled, and
 * how to move the pin with package-lock's Powertools). Nothing is looked up at deploy time.
 */
export const POWERTOOLS_LAYER = {
  account: '094274105915',
  name: 'AWSLambdaPowertoolsTypeScriptV2',
  version: 48,
  /** The Powertools release the pin was taken for; tests/infra fails when package-lock moves away from it. */
  npmVersion: '2.36.0',
  regions: [
    'us-east-1', 'us-east-2', 'us-west-1', 'us-west-2', 'ca-central-1', 'ca-west-1', 'sa-east-1', 'mx-central-1',
    'eu-west-1', 'eu-west-2', 'eu-west-3', 'eu-central-1', 'eu-central-2', 'eu-north-1', 'eu-south-1', 'eu-south-2',
    'af-south-1', 'il-central-1',
    'ap-south-1', 'ap-south-2', 'ap-east-1', 'ap-northeast-1', 'ap-northeast-2', 'ap-northeast-3',
    'ap-southeast-1', 'ap-southeast-2', 'ap-southeast-3', 'ap-southeast-4', 'ap-southeast-5', 'ap-southeast-7',
  ],
} as const;

export function powertoolsLayerArn(region: string): string {
  return `arn:aws:lambda:${region}:${POWERTOOLS_LAYER.account}:layer:${POWERTOOLS_LAYER.name}:${POWERTOOLS_LAYER.version}`;
}

/**
 * The pinned layer of the deploy region: a CloudFormation mapping in each template that has
 * functions (the stacks are region-agnostic), so a region without the layer fails at deploy
 * naming the region.
 */
export function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  const existing = stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined;
  if (existing) return existing;
  const mapping = new CfnMapping(stack, 'PowertoolsLayerArns', {
    mapping: Object.fromEntries(POWERTOOLS_LAYER.regions.map((region) => [region, { arn: powertoolsLayerArn(region) }])),
  });
  return lambda.LayerVersion.fromLayerVersionArn(stack, id, mapping.findInMap(Aws.REGION, 'arn'));
}

export class AppFunction extends Construct {
  readonly function: lambda.IFunction;
  readonly role: iam.Role;
  /** False when the role is shared and another function already set it up (its grants included). */
  readonly roleIsNew: boolean;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    const entry = handlerEntry(props.handler);
    if (!existsSync(entry)) {
      throw new Error(`${this.node.path}: handler entry functions/${props.handler}.ts does not exist (it must export \`handler\`).`);
    }

    if (props.shared) {
      const { role, isNew } = props.shared.execution.roleFor(props.shared.grantsKey);
      this.role = role;
      this.roleIsNew = isNew;
      this.logGroup = props.shared.execution.logGroup;
    } else {
      this.logGroup = new logs.LogGroup(this, 'Logs', {
        retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
        // Logs may be needed after a function is replaced or the stack is removed.
        removalPolicy: RemovalPolicy.RETAIN,
      });
      // Own role instead of AWSLambdaBasicExecutionRole: write access to this log group only.
      this.role = new iam.Role(this, 'Role', {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: `Execution role of ${props.description}`,
      });
      this.logGroup.grantWrite(this.role);
      this.roleIsNew = true;
    }

    const bundlingBase = props.bundlesRecordStore ? BUNDLING_WITH_RECORD_STORE : LAMBDA_BUNDLING;
    this.function = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency,
      role: this.role,
      logGroup: this.logGroup,
      // X-Ray: Lambda opens each invocation's segment; Powertools Tracer (functions/shared/tracer.ts)
      // adds the handler's subsegment and the SDK and HTTPS calls under it.
      tracing: lambda.Tracing.ACTIVE,
      layers: [powertoolsLayer(this)],
      loggingFormat: lambda.LoggingFormat.JSON,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        // Stack traces point at the TypeScript sources (the .map file ships beside the bundle).
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: props.extraFiles?.length ? withExtraFiles(props.extraFiles, bundlingBase) : bundlingBase,
    });

    if (!props.shared) NagSuppressions.addResourceSuppressions(this.role, [XRAY_WILDCARD], true);
    NagSuppressions.addResourceSuppressions(this.function, [{
      id: 'AwsSolutions-L1',
      reason: 'Pinned to nodejs22.x on purpose: the bundles target node22, the runtime-provided AWS SDK v3 and the '
        + 'toolchain were verified on it; moving to a newer runtime is a deliberate, tested change.',
    }]);
  }
}
