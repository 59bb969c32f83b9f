/**
 * Assertions on the synthesized production stack. The app is synthesized ONCE for the whole
 * file (bundling every Lambda), with cdk.json's context, a stand-in web build and the same
 * cdk-nag checks as infra/aws/app.ts. Expectations are derived from functions/routes.ts,
 * infra/aws/definitions.ts and functions/shared/config.ts, never hard-coded counts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '../../events/index.js';
import type { Grant } from '../../functions/routes.js';
import { routeList } from '../../functions/routes.js';
import { socketRoutes } from '../../functions/conversations/socket-routes.js';
/** The conversations WebSocket API's functions: its authoriser and three routes (infra/aws/constructs/sockets.ts). */
const SOCKET_FUNCTIONS = Object.keys(socketRoutes).length;
import { PROJECT_ROOT } from '../../infra/aws/constructs/function.js';
import { UPLOADS_PUBLIC_PREFIX, UPLOADS_STAGING_PREFIX, uploadsBucketName } from '../../infra/aws/constructs/uploads.js';
import { SPA_REWRITE_FUNCTION_CODE } from '../../infra/aws/constructs/web.js';
import { PAGE_RENDERER_ASSET_DIR, PAGE_RENDERER_ENTRY, PAGE_RENDERER_SHELLS } from '../../infra/aws/prerendered-pages.js';
import { RECORD_STORE_ARN_ENV, RENDERER_DIR_ENV, SHARE_IMAGE_FILES } from '../../functions/sitepages/files.js';
import { ACCESS_TOKEN_SCOPE, consumerDetailTypes, eventConsumers, mfaPolicy, passwordPolicy, schedules, table, USER_GROUPS, workQueues } from '../../infra/aws/definitions.js';
import { workQueueUrlVariable } from '../../functions/shared/work-queue-url.js';
import { LIVE_LEFT_PATH } from '../../infra/aws/web-framing.js';
import { apiCacheGroups } from '../../infra/aws/api-cache-keys.js';
import { MANAGED_RULE_GROUPS } from '../../infra/aws/constructs/waf.js';
import { IP_RATE_LIMITS } from '../../infra/aws/rate-limits.js';
import { defaultSecretParameter, integrationForGrant, integrations, type IntegrationGrant } from '../../infra/aws/integrations.js';
import { AlpStack, addComplianceChecks, DEFAULT_SUPPORT_PHONE } from '../../infra/aws/stack.js';
import { appTemplate } from './fixtures/templates.js';
import { COGNITO_TRIGGERS } from '../../infra/aws/constructs/identity.js';

const PAYSTACK_API_URL = 'https://api.paystack.co';
const defaultPaystackSecretParameter = (stage: string) => defaultSecretParameter(integrations[0], stage);

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
}
type Resources = Record<string, CfnResource>;
interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** Managed CloudFront policy ids (AWS-defined constants). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
/** docs/decisions/2026-11-27-performance-budgets.md: each Lambda bundle ≤ 300 KB minified. */
const BUNDLE_BUDGET_BYTES = 300 * 1024;
/**
 * GET /api/openapi.json bundles every domain's contracts by design (it builds the document from
 * them), the common-password list of the sign-up contract included; it is no user's path, so it
 * has a budget of its own, still bounded. It grows by about 1 KB a route (408 KB at 160 routes):
 * the budget leaves room for about 70 more before it is looked at again.
 */
const OPENAPI_BUNDLE_BUDGET_BYTES = 480 * 1024;
/**
 * The tutor and course page consumers bundle the CloudFront KeyValueStore client, its SigV4A signer and
 * the SDK core they import (not in the runtime's SDK; docs/decisions/2026-11-29-record-store.md):
 * about 230 KB over their own code (359 KB and 447 KB measured).
 */
const RECORD_STORE_BUNDLE_BUDGET_BYTES = 600 * 1024;
/** A sentinel action per grant: present in the role's policy exactly when the grant is (providers: see holdsGrant). */
const GRANT_SENTINELS: Record<Exclude<Grant, IntegrationGrant>, string> = {
  'table:read': 'dynamodb:Query',
  'table:write': 'dynamodb:PutItem',
  'identity:admin': 'cognito-idp:AdminAddUserToGroup',
  'identity:password-check': 'cognito-idp:AdminInitiateAuth',
  'identity:sign-up': 'cognito-idp:DescribeUserPoolClient',
  'events:publish': 'events:PutEvents',
  'uploads:read': 's3:GetObject',
  'uploads:write': 's3:PutObject',
  'uploads:delete': 's3:DeleteObject',
  'uploads:list': 's3:ListBucket',
  'uploads:retain-kyc': 's3:PutObjectTagging',
  'email:send': 'ses:SendEmail',
  'ai:invoke': 'bedrock:InvokeModel',
  'conversations:push': 'execute-api:ManageConnections',
  'web:sitemaps': 's3:PutObject',
  'web:tutor-pages': 'cloudfront:CreateInvalidation',
  'web:course-pages': 'cloudfront:CreateInvalidation',
};
const ALL_GRANTS = [...Object.keys(GRANT_SENTINELS) as Grant[], ...integrations.map((i) => i.grant)];
/** The default name of the Paystack secret's SecureString for stage "test". */
const PAYSTACK_PARAMETER = '/alp/test/paystack/secret-key';

const cdkContext = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
/** Every variable functions/shared/config.ts requires. */
const requiredEnv = [...readFileSync(join(PROJECT_ROOT, 'functions/shared/config.ts'), 'utf8').matchAll(/required\('([A-Z0-9_]+)'\)/g)]
  .map((m) => m[1] as string);

const workDir = mkdtempSync(join(tmpdir(), 'alp-infra-test-'));
let stack: AlpStack;
let template: Template;
let resources: Resources;
let assemblyDir: string;

/** A stand-in for `vite build` output: index.html, a hashed chunk and an unhashed root file. */
function fakeWebBuild(): string {
  const dist = join(workDir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-3f9a1c.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("spa");');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

/** A stand-in for the page renderer the web build makes (frontend/page-renderer-build.ts): its entry, a chunk and the shells. */
function fakePageRenderer(): string {
  const dir = join(workDir, 'page-renderer');
  mkdirSync(join(dir, 'chunks'), { recursive: true });
  mkdirSync(join(dir, 'pages'), { recursive: true });
  writeFileSync(join(dir, PAGE_RENDERER_ENTRY), 'import "./chunks/chunk-A.mjs"; export const renderTutorPage = () => "";');
  writeFileSync(join(dir, 'chunks', 'chunk-A.mjs'), 'export {};');
  for (const file of PAGE_RENDERER_SHELLS) writeFileSync(join(dir, file), '<!doctype html><div id="root"></div>');
  return dir;
}

beforeAll(() => {
  const app = new App({ context: cdkContext, outdir: join(workDir, 'cdk.out') });
  stack = new AlpStack(app, 'alp-test', { stage: 'test', webDistPath: fakeWebBuild(), pageRendererPath: fakePageRenderer() });
  addComplianceChecks(app);
  assemblyDir = app.synth().directory;
  template = appTemplate(stack); // reuses the assembly above
  resources = template.toJSON().Resources as Resources;
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------- helpers

function ofType(type: string): [string, CfnResource][] {
  return Object.entries(resources).filter(([, r]) => r.Type === type);
}

function props(id: string): Record<string, unknown> {
  const resource = resources[id];
  if (!resource) throw new Error(`No resource ${id}`);
  return resource.Properties ?? {};
}

function only(type: string, where: (p: Record<string, unknown>) => boolean = () => true): [string, Record<string, unknown>] {
  const found = ofType(type).filter(([, r]) => where(r.Properties ?? {}));
  expect(found, `exactly one ${type}`).toHaveLength(1);
  const [id, r] = found[0]!;
  return [id, r.Properties ?? {}];
}

/** The SPA's client: the one without a secret (the API's server client has one). */
const isSpaClient = (p: Record<string, unknown>) => p.GenerateSecret === false;

const ref = (id: string) => ({ Ref: id });
const getAtt = (id: string, attr: string) => ({ 'Fn::GetAtt': [id, attr] });
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The Lambda whose description names the route (`… <name>: <METHOD> <path>`). */
function functionOfRoute(name: string, method: string, path: string): [string, Record<string, unknown>] {
  return only('AWS::Lambda::Function', (p) => String(p.Description).endsWith(` ${name}: ${method} ${path}`));
}

function functionOfConsumer(name: string): [string, Record<string, unknown>] {
  return only('AWS::Lambda::Function', (p) => String(p.Description).includes(` consumer ${name} `));
}

/** Every statement of every policy attached to the function's execution role. */
function roleStatements(fnProps: Record<string, unknown>): Statement[] {
  const roleId = (fnProps.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, r]) => asArray(r.Properties?.Roles as unknown[]).some((x) => JSON.stringify(x) === JSON.stringify(ref(roleId))))
    .flatMap(([, r]) => (r.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionsOf = (statements: Statement[]) => new Set(statements.filter((s) => s.Effect === 'Allow').flatMap((s) => asArray(s.Action)));

/** Whether the role carries the grant: its sentinel action, or for a provider GetParameter on that provider's own parameter. */
function holdsGrant(statements: Statement[], grant: Grant): boolean {
  const integration = integrationForGrant(grant);
  // uploads:retain-kyc also carries PutObject, on kyc/* only: uploads:write is PutObject on every object.
  // web:sitemaps is PutObject too, on the web bucket's sitemaps/* (and robots.txt, sitemap.xml) only.
  const onSitemaps = (s: Statement) => JSON.stringify(s.Resource).includes('/sitemaps/*');
  // web:tutor-pages is PutObject and DeleteObject on the web bucket's pages/tutor-profile/* and share/tutor/* only.
  // web:course-pages is the same on pages/courses/*, share/course/* and the catalogue's files.
  const onTutorPages = (s: Statement) => JSON.stringify(s.Resource).includes('/pages/tutor-profile/*');
  const onCoursePages = (s: Statement) => JSON.stringify(s.Resource).includes('/pages/courses/*');
  const onRecordPages = (s: Statement) => onTutorPages(s) || onCoursePages(s);
  if (grant === 'uploads:write') return actionsOf(statements.filter((s) => !JSON.stringify(s.Resource).includes('/kyc/*') && !onSitemaps(s) && !onRecordPages(s))).has('s3:PutObject');
  if (grant === 'uploads:delete') return actionsOf(statements.filter((s) => !onRecordPages(s))).has('s3:DeleteObject');
  // Both carry CreateInvalidation: told apart by the pages they write.
  if (grant === 'web:tutor-pages') return actionsOf(statements.filter(onTutorPages)).has('s3:PutObject');
  if (grant === 'web:course-pages') return actionsOf(statements.filter(onCoursePages)).has('s3:PutObject');
  if (grant === 'web:sitemaps') return actionsOf(statements.filter(onSitemaps)).has('s3:PutObject');
  if (!integration) return actionsOf(statements).has(GRANT_SENTINELS[grant as Exclude<Grant, IntegrationGrant>]);
  const parameter = `:parameter${defaultSecretParameter(integration, 'test')}`;
  return statements.some((s) => s.Effect === 'Allow' && asArray(s.Action).includes('ssm:GetParameter') && JSON.stringify(s.Resource).includes(parameter));
}

function denyInsecureTransport(statements: Statement[]): boolean {
  return statements.some((s) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false');
}

/** Logical ids a value points at through Ref, Fn::GetAtt or ${…} in Fn::Sub. */
function references(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => references(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string' && resources[v]) out.add(v);
      else if (key === 'Fn::GetAtt') {
        const target = Array.isArray(v) ? String(v[0]) : String(v).split('.')[0]!;
        if (resources[target]) out.add(target);
      } else if (key === 'Fn::Sub') {
        const text = String(Array.isArray(v) ? v[0] : v);
        for (const m of text.matchAll(/\$\{([^}.!]+)/g)) if (resources[m[1]!]) out.add(m[1]!);
        references(v, out);
      } else references(v, out);
    }
  }
  return out;
}

/** A dependency cycle among the template's resources, or null. */
function findCycle(): string[] | null {
  const edges = new Map<string, string[]>();
  for (const [id, r] of Object.entries(resources)) {
    edges.set(id, [...references(r.Properties, new Set()), ...asArray(r.DependsOn)]);
  }
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    state.set(id, 'open');
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    state.set(id, 'done');
    path.pop();
    return null;
  };
  for (const id of edges.keys()) {
    if (!state.has(id)) {
      const cycle = visit(id);
      if (cycle) return cycle;
    }
  }
  return null;
}

// ------------------------------------------------------------------------------------- data

describe('DynamoDB table', () => {
  it('is the single on-demand table with PITR, deletion protection, TTL and retained on delete', () => {
    const [id, p] = only('AWS::DynamoDB::Table');
    expect(p).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
      KeySchema: [
        { AttributeName: table.partitionKey, KeyType: 'HASH' },
        { AttributeName: table.sortKey, KeyType: 'RANGE' },
      ],
    });
    expect(resources[id]?.DeletionPolicy).toBe('Retain');
  });

  it('has every GSI of infra/aws/definitions.ts with projection ALL', () => {
    const [, p] = only('AWS::DynamoDB::Table');
    const indexes = p.GlobalSecondaryIndexes as unknown[];
    expect(indexes).toHaveLength(table.globalSecondaryIndexes.length);
    expect(indexes).toEqual(expect.arrayContaining(table.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    }))));
  });
});

// --------------------------------------------------------------------------------- identity

describe('Cognito', () => {
  it('user pool: e-mail username, password policy (min 8, no character classes), e-mail recovery, self sign-up', () => {
    const [id, p] = only('AWS::Cognito::UserPool');
    expect(p).toMatchObject({
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      DeletionProtection: 'ACTIVE',
      Policies: {
        PasswordPolicy: {
          MinimumLength: passwordPolicy.minLength,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
    expect(p).toMatchObject({ Policies: { PasswordPolicy: { MinimumLength: 8 } } });
    expect(resources[id]?.DeletionPolicy).toBe('Retain');
  });

  it('MFA: optional per user, authenticator apps (TOTP) only, no SMS; super admins are held to it by the API', () => {
    const [, p] = only('AWS::Cognito::UserPool');
    expect(p.MfaConfiguration).toBe('OPTIONAL');
    expect(p.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(p.SmsConfiguration).toBeUndefined();
    expect(mfaPolicy).toEqual({ configuration: 'OPTIONAL', totp: true, sms: false });
  });

  it('has one group per role', () => {
    const groups = ofType('AWS::Cognito::UserPoolGroup').map(([, r]) => r.Properties?.GroupName);
    expect(groups.sort()).toEqual([...USER_GROUPS].sort());
  });

  it('SPA client: no secret, SRP + refresh, admin password check for the server (no USER_PASSWORD_AUTH on AWS)', () => {
    const [, p] = only('AWS::Cognito::UserPoolClient', isSpaClient);
    expect(p.GenerateSecret).toBe(false);
    expect(asArray(p.ExplicitAuthFlows as string[]).sort()).toEqual(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect(p.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('server client: a secret, no sign-in flow (refresh only, never used), no OAuth; only it may sign people up', () => {
    const [, p] = only('AWS::Cognito::UserPoolClient', (c) => c.GenerateSecret === true);
    expect(asArray(p.ExplicitAuthFlows as string[])).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
    expect(p.AllowedOAuthFlowsUserPoolClient).not.toBe(true);
    expect(p.PreventUserExistenceErrors).toBe('ENABLED');
    expect(asArray(p.WriteAttributes as string[]).sort()).toEqual(['email', 'family_name', 'given_name']);
  });

  it('triggers: pre-sign-up and custom message, each reading only the parameter that holds the server client\'s id', () => {
    const [, pool] = only('AWS::Cognito::UserPool');
    const config = pool.LambdaConfig as { PreSignUp: unknown; CustomMessage: unknown };
    const [preSignUp, preSignUpProps] = only('AWS::Lambda::Function', (f) => String(f.Description).startsWith('Cognito pre-sign-up'));
    const [customMessage, customMessageProps] = only('AWS::Lambda::Function', (f) => String(f.Description).startsWith('Cognito custom message'));
    expect(config.PreSignUp).toEqual(getAtt(preSignUp, 'Arn'));
    expect(config.CustomMessage).toEqual(getAtt(customMessage, 'Arn'));
    const [, parameter] = only('AWS::SSM::Parameter', (q) => q.Name === '/alp/test/cognito/server-client-id');
    const [serverClient] = only('AWS::Cognito::UserPoolClient', (c) => c.GenerateSecret === true);
    expect(parameter.Value).toEqual(ref(serverClient));
    for (const fn of [preSignUpProps, customMessageProps]) {
      expect((fn.Environment as { Variables: Record<string, unknown> }).Variables.USER_POOL_SERVER_CLIENT_ID_PARAMETER).toBe('/alp/test/cognito/server-client-id');
      const actions = actionsOf(roleStatements(fn));
      expect([...actions].filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'))).toEqual(['ssm:GetParameter']);
    }
  });

  it('sign-up and resend-code routes hold the server client\'s id; no other route can read its secret', () => {
    for (const [name, path] of [['signUp', '/api/auth/sign-up'], ['resendCode', '/api/auth/resend-code']] as const) {
      const [, fn] = functionOfRoute(name, 'POST', path);
      expect((fn.Environment as { Variables: Record<string, unknown> }).Variables.USER_POOL_SERVER_CLIENT_ID, name).toBeDefined();
    }
    expect(routeList.filter((r) => r.grants.includes('identity:sign-up')).map((r) => r.name).sort()).toEqual(['resendCode', 'signUp']);
  });
});

// -------------------------------------------------------------------------------------- API

describe('HTTP API', () => {
  it('has exactly one Lambda per route: arm64, nodejs22.x, ESM bundle, 512 MB, the full environment', () => {
    const nodeFunctions = ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties?.Runtime === 'nodejs22.x');
    expect(nodeFunctions).toHaveLength(routeList.length + eventConsumers.length + schedules.length + workQueues.length + COGNITO_TRIGGERS.length + SOCKET_FUNCTIONS);
    expect(requiredEnv).toEqual(expect.arrayContaining(['TABLE_NAME', 'APP_ORIGIN']));
    for (const route of routeList) {
      const [, p] = functionOfRoute(route.name, route.method, route.path);
      expect(p, route.name).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs22.x',
        Handler: 'index.handler',
        MemorySize: 512,
        LoggingConfig: { LogFormat: 'JSON', LogGroup: expect.anything() },
      });
      const env = (p.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(env), route.name).toEqual(expect.arrayContaining([...requiredEnv, 'POWERTOOLS_SERVICE_NAME']));
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('has one route per route-table entry, wired to that route\'s Lambda; JWT authorizer exactly on non-public routes, access tokens only', () => {
    // The WebSocket API's routes ($connect …) are tests/infra/sockets.test.ts's.
    const routesInTemplate = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => !String(r.Properties?.RouteKey).startsWith('$'));
    expect(routesInTemplate).toHaveLength(routeList.length);
    const [authorizerId] = only('AWS::ApiGatewayV2::Authorizer', (q) => q.AuthorizerType === 'JWT');

    for (const route of routeList) {
      const [, p] = only('AWS::ApiGatewayV2::Route', (q) => q.RouteKey === `${route.method} ${route.path}`);
      if (route.access === 'public') {
        expect(p.AuthorizationType, route.name).toBe('NONE');
        expect(p.AuthorizerId, route.name).toBeUndefined();
        expect(p.AuthorizationScopes, route.name).toBeUndefined();
      } else {
        expect(p.AuthorizationType, route.name).toBe('JWT');
        expect(p.AuthorizerId, route.name).toEqual(ref(authorizerId));
        // Cognito access tokens carry this scope and ID tokens carry none, so API Gateway refuses
        // an ID token like the local gateway does (tokenUse 'access').
        expect(p.AuthorizationScopes, route.name).toEqual([ACCESS_TOKEN_SCOPE]);
      }
      const integrationId = JSON.stringify(p.Target).match(/"Ref":"([^"]+)"/)?.[1];
      expect(integrationId, route.name).toBeDefined();
      const [fnId] = functionOfRoute(route.name, route.method, route.path);
      expect(props(integrationId!).IntegrationUri, route.name).toEqual(getAtt(fnId, 'Arn'));
    }
  });

  it('authorizer: Cognito issuer of the pool, audience = the SPA client id', () => {
    const [, p] = only('AWS::ApiGatewayV2::Authorizer', (q) => q.AuthorizerType === 'JWT');
    const [poolId] = only('AWS::Cognito::UserPool');
    const [clientId] = only('AWS::Cognito::UserPoolClient', isSpaClient);
    expect(p.AuthorizerType).toBe('JWT');
    expect(p.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = p.JwtConfiguration as { Audience: unknown[]; Issuer: unknown };
    expect(jwt.Audience).toEqual([ref(clientId)]);
    expect(jwt.Issuer).toEqual({ 'Fn::Join': ['', ['https://cognito-idp.', ref('AWS::Region'), '.amazonaws.com/', ref(poolId)]] });
  });

  it('default stage: auto-deployed, throttled, access-logged; public write routes throttled harder', () => {
    const [, p] = only('AWS::ApiGatewayV2::Stage', (q) => q.StageName === '$default');
    expect(p).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: expect.any(Number), ThrottlingBurstLimit: expect.any(Number) },
      AccessLogSettings: { DestinationArn: expect.anything(), Format: expect.stringContaining('$context.requestId') },
    });
    const publicWrites = routeList.filter((r) => r.access === 'public' && r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(Object.keys((p.RouteSettings ?? {}) as object).sort()).toEqual(publicWrites.sort());
  });

  it('grants each Lambda exactly what its route\'s grants say (no Scan, no wildcard actions)', () => {
    for (const route of routeList) {
      const [, p] = functionOfRoute(route.name, route.method, route.path);
      const statements = roleStatements(p);
      const actions = actionsOf(statements);
      for (const grant of ALL_GRANTS) {
        expect(holdsGrant(statements, grant), `${route.name} ${grant}`).toBe(route.grants.includes(grant));
      }
      expect(actions.has('logs:PutLogEvents'), route.name).toBe(true);
      expect(actions.has('dynamodb:Scan'), route.name).toBe(false);
      expect([...actions].filter((a) => a === '*' || a.endsWith(':*')), route.name).toEqual([]);
    }
  });

  it('payments:secret: the Paystack secret is readable by exactly the functions whose grants say so, and only that parameter', () => {
    expect(defaultPaystackSecretParameter('test')).toBe(PAYSTACK_PARAMETER);
    const parameterArn = {
      'Fn::Join': ['', ['arn:', ref('AWS::Partition'), ':ssm:', ref('AWS::Region'), ':', ref('AWS::AccountId'), `:parameter${PAYSTACK_PARAMETER}`]],
    };
    const holders = [
      ...routeList.map((r) => ({ name: r.name, grants: r.grants as readonly Grant[], fn: functionOfRoute(r.name, r.method, r.path)[1] })),
      ...eventConsumers.map((c) => ({ name: c.name, grants: c.grants as readonly Grant[], fn: functionOfConsumer(c.name)[1] })),
    ];
    expect(holders.some((h) => h.grants.includes('payments:secret')), 'some route reads the secret').toBe(true);
    for (const { name, grants, fn } of holders) {
      const statements = roleStatements(fn).filter((s) => s.Effect === 'Allow');
      const env = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
      if (!grants.includes('payments:secret')) {
        expect(env.PAYSTACK_SECRET_PARAMETER, name).toBeUndefined();
        expect(env.PAYSTACK_BASE_URL, name).toBeUndefined();
        // Other providers' secrets (live:video) are their own tests' business: none of Paystack's here.
        expect(statements.filter((s) => JSON.stringify(s).includes(PAYSTACK_PARAMETER)), name).toEqual([]);
        continue;
      }
      expect(env, name).toMatchObject({ PAYSTACK_SECRET_PARAMETER: PAYSTACK_PARAMETER, PAYSTACK_BASE_URL: PAYSTACK_API_URL });
      expect(env.PAYSTACK_SECRET_KEY, `${name}: never the key itself`).toBeUndefined();
      const ssm = statements.filter((s) => asArray(s.Action).some((a) => a.startsWith('ssm:')));
      expect(ssm.flatMap((s) => asArray(s.Action)), name).toEqual(['ssm:GetParameter']);
      expect(ssm.flatMap((s) => asArray(s.Resource)), name).toEqual([parameterArn]);
      const kms = statements.filter((s) => asArray(s.Action).some((a) => a.startsWith('kms:')));
      expect(kms.flatMap((s) => asArray(s.Action)), name).toEqual(['kms:Decrypt']);
      expect(kms[0]?.Condition?.StringEquals, name).toEqual({
        'kms:ViaService': { 'Fn::Join': ['', ['ssm.', ref('AWS::Region'), '.', ref('AWS::URLSuffix')]] },
        'kms:EncryptionContext:PARAMETER_ARN': parameterArn,
      });
    }
  });

  it('e-mail sending is pinned to the sender address', () => {
    const statements = ofType('AWS::IAM::Policy')
      .flatMap(([, r]) => (r.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => asArray(s.Action).includes('ses:SendEmail'));
    for (const s of statements) expect(s.Condition?.StringEquals?.['ses:FromAddress']).toEqual(expect.any(String));
  });

  it('keeps every Lambda bundle within the 300 KB budget', () => {
    const sizes: Record<string, number> = {};
    for (const [id, r] of ofType('AWS::Lambda::Function').filter(([, x]) => x.Properties?.Runtime === 'nodejs22.x')) {
      const key = String((r.Properties?.Code as { S3Key: string }).S3Key).replace(/\.zip$/, '');
      const bundle = join(assemblyDir, `asset.${key}`, 'index.mjs');
      expect(existsSync(bundle), `${id} bundle`).toBe(true);
      sizes[String(r.Properties?.Description)] = statSync(bundle).size;
    }
    const budgetOf = (fn: string) => (fn.includes(' openApi: ') ? OPENAPI_BUNDLE_BUDGET_BYTES
      : / consumer (tutor|course)-page /.test(fn) ? RECORD_STORE_BUNDLE_BUDGET_BYTES : BUNDLE_BUDGET_BYTES);
    const over = Object.entries(sizes).filter(([fn, size]) => size > budgetOf(fn))
      .map(([fn, size]) => `${fn}: ${(size / 1024).toFixed(0)} KB`);
    expect(over, 'bundles over budget').toEqual([]);
  });
});

// ---------------------------------------------------------------------------------- storage

describe('S3 buckets', () => {
  it('every bucket blocks public access, is encrypted and only accepts TLS', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(3); // uploads, web, access logs
    for (const [id, r] of buckets) {
      expect(r.Properties?.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true,
      });
      expect(JSON.stringify(r.Properties?.BucketEncryption), id).toContain('"SSEAlgorithm":"AES256"');
      const policies = ofType('AWS::S3::BucketPolicy').filter(([, pr]) => JSON.stringify(pr.Properties?.Bucket) === JSON.stringify(ref(id)));
      const statements = policies.flatMap(([, pr]) => (pr.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
      expect(denyInsecureTransport(statements), `${id} SSL-only policy`).toBe(true);
    }
  });

  it('uploads bucket: private, versioned, logged, CORS for the app origin only', () => {
    const [id, p] = only('AWS::S3::Bucket', (q) => q.CorsConfiguration !== undefined);
    const [distributionId] = only('AWS::CloudFront::Distribution');
    expect(p.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(p.LoggingConfiguration).toMatchObject({ LogFilePrefix: 'uploads/' });
    const rules = (p.CorsConfiguration as { CorsRules: { AllowedOrigins: unknown[]; AllowedMethods: string[] }[] }).CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0]!.AllowedOrigins).toEqual([{ 'Fn::Join': ['', ['https://', getAtt(distributionId, 'DomainName')]] }]);
    expect(rules[0]!.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'POST', 'GET']));
    expect(resources[id]?.DeletionPolicy).toBe('Retain');
    // Named (not generated) so the distribution can use it as an origin without a cycle.
    expect(p.BucketName).toEqual(stack.resolve(uploadsBucketName('test')));
  });

  it('uploads bucket: staging/ objects (and their old versions and delete markers) expire after a day', () => {
    const [, p] = only('AWS::S3::Bucket', (q) => q.CorsConfiguration !== undefined);
    const rules = (p.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules
      .filter((r) => r.Prefix === UPLOADS_STAGING_PREFIX || (r.Filter as { Prefix?: string } | undefined)?.Prefix === UPLOADS_STAGING_PREFIX);
    expect(rules).toEqual(expect.arrayContaining([
      expect.objectContaining({ Status: 'Enabled', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 } }),
      expect.objectContaining({ Status: 'Enabled', ExpiredObjectDeleteMarker: true }),
    ]));
    // Nothing else of the bucket expires but reviewed identity documents (their retention tag).
    const expiring = (p.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules.filter((r) => r.ExpirationInDays !== undefined);
    expect(expiring.filter((r) => !rules.includes(r)).map((r) => r.Id)).toEqual(['expire-reviewed-kyc']);
  });

  it('uploads bucket policy: the distribution (and only it) may read public/* and nothing else', () => {
    const [bucketId] = only('AWS::S3::Bucket', (q) => q.CorsConfiguration !== undefined);
    const [distributionId] = only('AWS::CloudFront::Distribution');
    const [, policy] = only('AWS::S3::BucketPolicy', (q) => JSON.stringify(q.Bucket) === JSON.stringify(ref(bucketId)));
    const statements = (policy.PolicyDocument as { Statement: (Statement & { Principal?: unknown })[] }).Statement;
    const allows = statements.filter((s) => s.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]).toMatchObject({
      Action: 's3:GetObject',
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Resource: { 'Fn::Join': ['', [getAtt(bucketId, 'Arn'), `/${UPLOADS_PUBLIC_PREFIX}*`]] },
    });
    expect(JSON.stringify(allows[0]!.Condition?.StringEquals?.['AWS:SourceArn'])).toContain(JSON.stringify(ref(distributionId)));
  });
});

// ----------------------------------------------------------------------------------- events

describe('Events', () => {
  it('has the product bus', () => {
    only('AWS::Events::EventBus');
  });

  it.each(eventConsumers.map((c) => [c.name, c] as const))('%s: rule → encrypted SSL-only queue with DLQ → consumer with partial batch failures', (name, consumer) => {
    const [busId] = only('AWS::Events::EventBus');
    const [dlqId, dlq] = only('AWS::SQS::Queue', (q) => String(q.QueueName).endsWith(`-${name}-dlq`));
    const [queueId, queue] = only('AWS::SQS::Queue', (q) => String(q.QueueName).endsWith(`-${name}`));
    for (const q of [dlq, queue]) expect(q.SqsManagedSseEnabled).toBe(true);
    expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: getAtt(dlqId, 'Arn'), maxReceiveCount: consumer.maxReceiveCount });
    for (const id of [queueId, dlqId]) {
      const statements = ofType('AWS::SQS::QueuePolicy')
        .filter(([, r]) => asArray(r.Properties?.Queues as unknown[]).some((q) => JSON.stringify(q) === JSON.stringify(ref(id))))
        .flatMap(([, r]) => (r.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
      expect(denyInsecureTransport(statements), `${id} SSL-only policy`).toBe(true);
    }

    const [, rule] = only('AWS::Events::Rule', (r) => JSON.stringify(r.Targets).includes(`"${queueId}"`));
    expect(rule.EventBusName).toEqual(ref(busId));
    expect(rule.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': consumerDetailTypes(consumer) });
    expect(rule.Targets).toEqual([expect.objectContaining({
      Arn: getAtt(queueId, 'Arn'),
      DeadLetterConfig: { Arn: getAtt(dlqId, 'Arn') },
    })]);

    const [fnId, fn] = functionOfConsumer(name);
    expect(fn).toMatchObject({ Architectures: ['arm64'], Runtime: 'nodejs22.x' });
    const [, mapping] = only('AWS::Lambda::EventSourceMapping', (m) => JSON.stringify(m.EventSourceArn) === JSON.stringify(getAtt(queueId, 'Arn')));
    expect(mapping.FunctionName).toEqual(ref(fnId));
    expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const statements = roleStatements(fn);
    for (const grant of ALL_GRANTS) {
      expect(holdsGrant(statements, grant), `${name} ${grant}`).toBe(consumer.grants.includes(grant));
    }
  });

  it('the tutor and course page consumers carry the page renderer and its shells in their assets, and name it; no other function does', () => {
    const renderers = eventConsumers.filter((c) => c.pageRenderer).map((c) => c.name);
    expect(renderers.sort()).toEqual(['course-page', 'tutor-page']);
    for (const [id, r] of ofType('AWS::Lambda::Function').filter(([, x]) => x.Properties?.Runtime === 'nodejs22.x')) {
      const p = r.Properties ?? {};
      const env = (p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const asset = join(assemblyDir, `asset.${String((p.Code as { S3Key: string }).S3Key).replace(/\.zip$/, '')}`);
      const carries = renderers.some((name) => String(p.Description).includes(` consumer ${name} `));
      expect(env[RENDERER_DIR_ENV], id).toBe(carries ? PAGE_RENDERER_ASSET_DIR : undefined);
      expect(existsSync(join(asset, PAGE_RENDERER_ASSET_DIR)), `${id} renderer folder`).toBe(carries);
      if (!carries) continue;
      // The renderer with its chunks, and the shells it fills, beside the bundle and the share image's files.
      expect(existsSync(join(asset, 'index.mjs')), id).toBe(true);
      for (const file of [PAGE_RENDERER_ENTRY, 'chunks/chunk-A.mjs', ...PAGE_RENDERER_SHELLS]) {
        expect(existsSync(join(asset, PAGE_RENDERER_ASSET_DIR, file)), `${id} ${file}`).toBe(true);
      }
      for (const file of SHARE_IMAGE_FILES) expect(existsSync(join(asset, basename(file))), `${id} ${file}`).toBe(true);
    }
  });
});

describe('Work queues', () => {
  it.each(workQueues.map((w) => [w.name, w] as const))('%s: encrypted SSL-only queue with DLQ → worker with bounded concurrency; only its jobs may send', (name, work) => {
    const [dlqId, dlq] = only('AWS::SQS::Queue', (q) => String(q.QueueName).endsWith(`-${name}-dlq`));
    const [queueId, queue] = only('AWS::SQS::Queue', (q) => String(q.QueueName).endsWith(`-${name}`));
    for (const q of [dlq, queue]) expect(q.SqsManagedSseEnabled).toBe(true);
    expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: getAtt(dlqId, 'Arn'), maxReceiveCount: work.maxReceiveCount });
    expect(queue.VisibilityTimeout).toBe(work.timeoutSeconds * 6);
    const [fnId, fn] = only('AWS::Lambda::Function', (p) => String(p.Description).includes(` worker ${name}: `));
    expect(fn).toMatchObject({ Architectures: ['arm64'], Runtime: 'nodejs22.x', Timeout: work.timeoutSeconds });
    const [, mapping] = only('AWS::Lambda::EventSourceMapping', (m) => JSON.stringify(m.EventSourceArn) === JSON.stringify(getAtt(queueId, 'Arn')));
    expect(mapping).toMatchObject({ FunctionName: ref(fnId), FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: work.maxConcurrency } });
    const statements = roleStatements(fn);
    for (const grant of ALL_GRANTS) expect(holdsGrant(statements, grant), `${name} ${grant}`).toBe(work.grants.includes(grant));
    // An alarm on its dead letters.
    only('AWS::CloudWatch::Alarm', (a) => (JSON.stringify(a.Dimensions) ?? '').includes(`"${dlqId}"`));

    // The jobs that send to it, and no other function, hold sqs:SendMessage on it and its URL.
    const senders = schedules.filter((job) => job.sendsTo?.includes(name));
    expect(senders.length).toBeGreaterThan(0);
    for (const [id, f] of ofType('AWS::Lambda::Function')) {
      const p = f.Properties ?? {};
      // The statement may name other queues too (a job's own DLQ: IAM policies are minimized).
      const sends = roleStatements(p).some((st) => st.Effect === 'Allow' && asArray(st.Action).includes('sqs:SendMessage')
        && asArray(st.Resource as unknown).some((r) => JSON.stringify(r) === JSON.stringify(getAtt(queueId, 'Arn'))));
      const isSender = senders.some((job) => String(p.Description).includes(` job ${job.name}: `));
      expect(sends, id).toBe(isSender);
      const env = (p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      if (isSender) expect(env[workQueueUrlVariable(name)], id).toEqual(ref(queueId));
    }
  });
});

// -------------------------------------------------------------------------------------- web

describe('CloudFront and the SPA', () => {
  function distributionConfig() {
    const [, p] = only('AWS::CloudFront::Distribution');
    return p.DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors?: Record<string, unknown>[];
      Origins: { Id: string; DomainName: unknown; S3OriginConfig?: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: Record<string, unknown> }[];
      CustomErrorResponses?: unknown;
      WebACLId?: unknown;
    };
  }

  /** The security headers of the SPA, the API and media (the policy that denies framing). */
  const appHeadersPolicy = () => only('AWS::CloudFront::ResponseHeadersPolicy',
    (p) => JSON.stringify(p).includes("frame-ancestors 'none'"));

  it('routes /api/* (and the listings\' own patterns) to the HTTP API, compressed, with all viewer headers but Host and all methods', () => {
    const config = distributionConfig();
    const groups = apiCacheGroups(routeList);
    expect(groups.map((g) => g.pathPattern)).toEqual(['/api/courses*', '/api/tutors*']);
    const patterns = (config.CacheBehaviors ?? []).map((b) => b.PathPattern);
    // The listings' behaviours come before /api/*, which would otherwise take their requests.
    for (const group of groups) expect(patterns.indexOf(group.pathPattern)).toBeLessThan(patterns.indexOf('/api/*'));
    for (const pattern of ['/api/*', ...groups.map((g) => g.pathPattern)]) {
      const api = config.CacheBehaviors?.find((b) => b.PathPattern === pattern);
      expect(api, pattern).toBeDefined();
      expect(api).toMatchObject({
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        ViewerProtocolPolicy: 'https-only',
        Compress: true,
      });
      // CachingDisabled cannot compress: the API has its own policies that accept gzip and brotli.
      expect(api!.CachePolicyId).not.toBe(CACHING_DISABLED);
      const policyId = (api!.CachePolicyId as { Ref: string }).Ref;
      const cache = props(policyId).CachePolicyConfig as Record<string, unknown>;
      // Cached only when an answer asks for it with s-maxage (public GETs), at most five minutes.
      expect(cache).toMatchObject({ DefaultTTL: 0, MinTTL: 0, MaxTTL: 300 });
      const documented = groups.find((g) => g.pathPattern === pattern)?.queryStrings;
      expect(cache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        // The token stays in the key (and so reaches the API): no caller is served another's answer;
        // the language too: no English reader is served a Kiswahili answer (or the reverse).
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization', 'Accept-Language'] },
        // Only the documented parameters: an invented ?x=… is not a new cache entry.
        QueryStringsConfig: documented
          ? { QueryStringBehavior: 'whitelist', QueryStrings: documented }
          : { QueryStringBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
      });
      expect(asArray(api!.AllowedMethods as string[]).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
      const origin = config.Origins.find((o) => o.Id === api!.TargetOriginId);
      const [httpApiId] = only('AWS::ApiGatewayV2::Api', (q) => q.ProtocolType === 'HTTP');
      expect(JSON.stringify(origin?.DomainName)).toContain(`"Ref":"${httpApiId}"`);
      expect(JSON.stringify(origin?.DomainName)).toContain('.execute-api.');
      expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    }
    // Every documented parameter of every public listing is in its behaviour's key (a provider's webhook check is never cached).
    for (const route of routeList.filter((r) => r.method === 'GET' && r.access === 'public' && 'query' in r && r.query && !r.path.startsWith('/api/webhooks/'))) {
      const group = groups.find((g) => route.path.startsWith(g.pathPattern.slice(0, -1)));
      expect(group?.queryStrings, route.path).toEqual(expect.arrayContaining(Object.keys((route as { query: { shape: object } }).query.shape)));
    }
  });

  it('WAF: the Cognito user pool has the regional web ACL with the per-IP limits and the managed rule groups', () => {
    const [aclId, acl] = only('AWS::WAFv2::WebACL');
    expect(acl.Scope).toBe('REGIONAL');
    const rules = acl.Rules as { Name: string; Statement: Record<string, { Limit?: number; EvaluationWindowSec?: number; Name?: string }> }[];
    for (const limit of IP_RATE_LIMITS.filter((l) => l.scope === 'cognito')) {
      const rule = rules.find((r) => r.Name === limit.name);
      expect(rule?.Statement.RateBasedStatement, limit.name).toMatchObject({ Limit: limit.limit, EvaluationWindowSec: limit.windowSeconds, AggregateKeyType: 'IP' });
    }
    expect(rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean)).toEqual([...MANAGED_RULE_GROUPS]);
    const [, association] = only('AWS::WAFv2::WebACLAssociation');
    const [poolId] = only('AWS::Cognito::UserPool');
    expect(association.ResourceArn).toEqual(getAtt(poolId, 'Arn'));
    expect(association.WebACLArn).toEqual(getAtt(aclId, 'Arn'));
    // Without context webAclArn the distribution has none, and synth says so.
    expect(distributionConfig().WebACLId).toBeUndefined();
    const warnings = Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('No CloudFront web ACL'));
    expect(warnings).toHaveLength(1);
  });

  it('serves the SPA from a private bucket through Origin Access Control, cached and compressed, with security headers', () => {
    const config = distributionConfig();
    const def = config.DefaultCacheBehavior;
    expect(def).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, Compress: true, ViewerProtocolPolicy: 'redirect-to-https' });
    const origin = config.Origins.find((o) => o.Id === def.TargetOriginId);
    const [webBucketId] = only('AWS::S3::Bucket', (q) => JSON.stringify(q.LoggingConfiguration ?? {}).includes('"web/"'));
    expect(origin?.DomainName).toEqual(getAtt(webBucketId, 'RegionalDomainName'));
    expect(origin?.OriginAccessControlId).toBeDefined();
    // Every S3 origin is read through an Origin Access Control (no OAI, no public bucket).
    for (const o of config.Origins.filter((x) => x.S3OriginConfig !== undefined)) {
      expect(o.OriginAccessControlId, o.Id).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
      expect(o.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
    const [headersId, headers] = appHeadersPolicy();
    expect(def.ResponseHeadersPolicyId).toEqual(ref(headersId));
    const security = (headers.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }).SecurityHeadersConfig;
    expect(Object.keys(security)).toEqual(expect.arrayContaining([
      'ContentSecurityPolicy', 'ContentTypeOptions', 'FrameOptions', 'ReferrerPolicy', 'StrictTransportSecurity',
    ]));
  });

  it('serves published media at /public/* from the uploads bucket through Origin Access Control, cached', () => {
    const config = distributionConfig();
    const media = config.CacheBehaviors?.find((b) => b.PathPattern === `/${UPLOADS_PUBLIC_PREFIX}*`);
    expect(media).toMatchObject({
      CachePolicyId: CACHING_OPTIMIZED,
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD'],
    });
    expect(media?.FunctionAssociations).toBeUndefined();
    const [headersId] = appHeadersPolicy();
    expect(media?.ResponseHeadersPolicyId).toEqual(ref(headersId));
    const origin = config.Origins.find((o) => o.Id === media!.TargetOriginId);
    // The uploads bucket by its (fixed) name: a Ref/GetAtt to it would close a cycle with its CORS rule.
    const [, uploads] = only('AWS::S3::Bucket', (q) => q.CorsConfiguration !== undefined);
    const bucketName = (uploads.BucketName as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    expect(origin?.DomainName).toEqual({ 'Fn::Join': ['', [...bucketName, '.s3.', ref('AWS::Region'), '.', ref('AWS::URLSuffix')]] });
    expect(origin?.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    const oacs = ofType('AWS::CloudFront::OriginAccessControl').map(([id]) => id);
    expect(oacs.map((id) => getAtt(id, 'Id'))).toContainEqual(origin?.OriginAccessControlId);
    // Only these behaviours exist besides the SPA: nothing else reaches the uploads bucket.
    expect(config.CacheBehaviors?.map((b) => b.PathPattern).sort())
      .toEqual(['/api/*', ...apiCacheGroups(routeList).map((g) => g.pathPattern), LIVE_LEFT_PATH, `/${UPLOADS_PUBLIC_PREFIX}*`].sort());
  });

  it('has NO distribution-wide custom error responses (the API\'s JSON errors must pass through)', () => {
    expect(distributionConfig().CustomErrorResponses).toBeUndefined();
  });

  it('rewrites extension-less paths to /index.html with a viewer-request function on the default behaviour only', async () => {
    const config = distributionConfig();
    const [fnId, fn] = only('AWS::CloudFront::Function');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: getAtt(fnId, 'FunctionARN') },
    ]);
    expect(config.CacheBehaviors?.every((b) => b.FunctionAssociations === undefined)).toBe(true);
    expect(fn.FunctionCode).toBe(SPA_REWRITE_FUNCTION_CODE);

    // Run the deployed code on sample requests, its store empty (every record page's get throws:
    // the key is missing); the store's answers are tested with the code in infra/aws/constructs/web.test.ts.
    type Values = Record<string, { value: string }>;
    const cf = { kvs: () => ({ get: (key: string) => Promise.reject(new Error(`The key ${key} does not exist`)) }) };
    const body = String(fn.FunctionCode).replace(/^import cf from 'cloudfront';\n/, '');
    const handler = new Function('cf', `${body}\nreturn handler;`)(cf) as
      (event: { request: { uri: string; cookies: Values; headers: Values } }) => Promise<{ uri: string }>;
    const rewrite = async (uri: string, { cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string } = {}) =>
      (await handler({
        request: {
          uri,
          cookies: cookie ? { 'alp-language': { value: cookie } } : {},
          headers: acceptLanguage ? { 'accept-language': { value: acceptLanguage } } : {},
        },
      })).uri;
    // The public pages a first visit opens most come prerendered; every other route gets the SPA shell.
    expect(await rewrite('/')).toBe('/pages/home.html');
    expect(await rewrite('/browse-tutors')).toBe('/pages/browse-tutors.html');
    expect(await rewrite('/student-dashboard')).toBe('/index.html');
    expect(await rewrite('/tutors/abc-123/')).toBe('/index.html');
    // A subject page with no key in the store (not rendered yet) is the shell too.
    expect(await rewrite('/tutors/chemistry')).toBe('/index.html');
    expect(await rewrite('/assets/index-3f9a1c.js')).toBe('/assets/index-3f9a1c.js');
    expect(await rewrite('/config.json')).toBe('/config.json');
    expect(await rewrite('/favicon.svg')).toBe('/favicon.svg');
    // In the visitor's language: the chosen language's cookie, else the browser's first supported one.
    expect(await rewrite('/', { acceptLanguage: 'sw-KE,sw;q=0.9,en;q=0.8' })).toBe('/pages/home.sw.html');
    expect(await rewrite('/', { acceptLanguage: 'fr-FR,sw;q=0.5' })).toBe('/pages/home.sw.html');
    expect(await rewrite('/browse-tutors', { cookie: 'sw', acceptLanguage: 'en-GB' })).toBe('/pages/browse-tutors.sw.html');
    expect(await rewrite('/', { cookie: 'en', acceptLanguage: 'sw' })).toBe('/pages/home.html');
    expect(await rewrite('/', { cookie: 'xx', acceptLanguage: 'de' })).toBe('/pages/home.html');
    expect(await rewrite('/student-dashboard', { cookie: 'sw' })).toBe('/index.html');
    // The course catalogue, in both languages.
    expect(await rewrite('/course-dashboard')).toBe('/pages/course-dashboard.html');
    expect(await rewrite('/course-dashboard', { acceptLanguage: 'sw-KE,sw;q=0.9,en;q=0.8' })).toBe('/pages/course-dashboard.sw.html');
    expect(await rewrite('/course-dashboard', { cookie: 'sw', acceptLanguage: 'en-GB' })).toBe('/pages/course-dashboard.sw.html');
    expect(await rewrite('/course-dashboard', { cookie: 'en', acceptLanguage: 'sw' })).toBe('/pages/course-dashboard.html');
    // A tutor's profile and a course's page are made per record: a shell that preloads the page's chunk, in the visitor's language.
    expect(await rewrite('/courses/abc-123')).toBe('/pages/course.html');
    expect(await rewrite('/courses/abc-123', { cookie: 'sw' })).toBe('/pages/course.sw.html');
    expect(await rewrite('/tutor-profile/abc-123')).toBe('/pages/tutor-profile.html');
    expect(await rewrite('/tutor-profile/abc-123', { cookie: 'sw' })).toBe('/pages/tutor-profile.sw.html');
    expect(await rewrite('/tutor-profile/')).toBe('/index.html');
    expect(await rewrite('/tutor-profile/abc-123/more')).toBe('/index.html');
    // Sign in / sign up, as a signed-out visitor first sees it.
    expect(await rewrite('/auth')).toBe('/pages/auth.html');
    expect(await rewrite('/auth', { acceptLanguage: 'sw-KE,sw;q=0.9' })).toBe('/pages/auth.sw.html');
  });

  it('keeps a KeyValueStore of rendered and gone record pages, read by the viewer-request function and written only by the page consumers', () => {
    const [storeId] = only('AWS::CloudFront::KeyValueStore');
    const [, fn] = only('AWS::CloudFront::Function');
    expect((fn.FunctionConfig as { Runtime: string }).Runtime).toBe('cloudfront-js-2.0');
    expect((fn.FunctionConfig as { KeyValueStoreAssociations?: unknown }).KeyValueStoreAssociations)
      .toEqual([{ KeyValueStoreARN: getAtt(storeId, 'Arn') }]);
    const writers = ['course-page', 'tutor-page'];
    let found = 0;
    for (const [id, r] of ofType('AWS::Lambda::Function')) {
      const p = r.Properties ?? {};
      const env = (p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const writes = writers.some((name) => String(p.Description).includes(` consumer ${name} `));
      const hasRole = (p.Role as { 'Fn::GetAtt'?: unknown } | undefined)?.['Fn::GetAtt'] !== undefined;
      const onStore = (hasRole ? roleStatements(p) : []).filter((st) => asArray(st.Action).some((a) => a.startsWith('cloudfront-keyvaluestore:')));
      if (!writes) {
        expect(onStore, id).toEqual([]);
        expect(env[RECORD_STORE_ARN_ENV], id).toBeUndefined();
        continue;
      }
      found += 1;
      expect(env[RECORD_STORE_ARN_ENV], id).toEqual(getAtt(storeId, 'Arn'));
      // The client and its signer are in the bundle (the runtime's SDK has neither), not imported from outside it.
      const bundle = readFileSync(join(assemblyDir, `asset.${String((p.Code as { S3Key: string }).S3Key).replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8');
      expect(bundle, id).toContain('DescribeKeyValueStoreCommand');
      expect(bundle, id).toContain('AWS4-ECDSA-P256-SHA256');
      expect(bundle, id).not.toMatch(/from\s*["']@aws-sdk\/(client-cloudfront-keyvaluestore|signature-v4a)["']/);
      expect(onStore.length, id).toBeGreaterThan(0);
      for (const st of onStore) {
        expect(st.Effect).toBe('Allow');
        expect(asArray(st.Action).sort(), id).toEqual(
          ['cloudfront-keyvaluestore:DeleteKey', 'cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey']);
        expect(st.Resource, id).toEqual(getAtt(storeId, 'Arn'));
      }
    }
    expect(found).toBe(writers.length);
  });

  it('deploys hashed assets immutable and index.html + config.json no-cache, invalidating only those and the service worker', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, r]) => r.Properties ?? {});
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/');
    const root = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined);
    expect(assets?.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(root?.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(root?.DistributionPaths).toEqual([
      '/index.html', '/pages/home.html', '/pages/home.sw.html', '/pages/browse-tutors.html', '/pages/browse-tutors.sw.html',
      '/pages/course-dashboard.html', '/pages/course-dashboard.sw.html', '/pages/auth.html', '/pages/auth.sw.html',
      '/pages/tutor-profile.html', '/pages/tutor-profile.sw.html', '/pages/course.html', '/pages/course.sw.html', '/config.json', '/sw.js',
    ]);
    expect(asArray(root?.SourceObjectKeys as unknown[])).toHaveLength(2); // SPA root files + config.json
    for (const d of deployments) expect(d.Prune).toBe(false);
  });

  it('writes config.json with the RuntimeConfig for AWS (pool, client, region, SRP)', () => {
    const dir = readdirSync(assemblyDir).find((d) => d.startsWith('asset.') && existsSync(join(assemblyDir, d, 'config.json')));
    expect(dir, 'config.json asset').toBeDefined();
    const config = JSON.parse(readFileSync(join(assemblyDir, dir!, 'config.json'), 'utf8')) as Record<string, string>;
    expect(config).toMatchObject({ environment: 'aws', authFlowType: 'USER_SRP_AUTH', supportPhone: DEFAULT_SUPPORT_PHONE });
    // Deploy-time values are markers, substituted by the deployment with these tokens.
    const [poolId] = only('AWS::Cognito::UserPool');
    const [clientId] = only('AWS::Cognito::UserPoolClient', isSpaClient);
    const markers = ofType('Custom::CDKBucketDeployment').map(([, r]) => JSON.stringify(r.Properties?.SourceMarkers)).join();
    for (const key of ['region', 'userPoolId', 'userPoolClientId']) expect(config[key], key).toMatch(/^<<marker:0x[a-f0-9]+:\d+>>$/);
    expect(markers).toContain(JSON.stringify(ref(poolId)));
    expect(markers).toContain(JSON.stringify(ref(clientId)));
    expect(markers).toContain(JSON.stringify(ref('AWS::Region')));
  });
});

// ---------------------------------------------------------------------------- whole template

describe('Whole stack', () => {
  it('gives every Lambda APP_ORIGIN = the distribution\'s https origin (not the Cognito triggers, which read no product configuration)', () => {
    const [distributionId] = only('AWS::CloudFront::Distribution');
    const triggers = new Set<unknown>(COGNITO_TRIGGERS.map((t) => t.description));
    for (const [id, r] of ofType('AWS::Lambda::Function')
      .filter(([, x]) => x.Properties?.Runtime === 'nodejs22.x' && !triggers.has(x.Properties?.Description))) {
      const env = (r.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.APP_ORIGIN, id).toEqual({ 'Fn::Join': ['', ['https://', getAtt(distributionId, 'DomainName')]] });
    }
  });

  it('has no dependency cycle (distribution → API ← routes → Lambdas → distribution is not one)', () => {
    expect(findCycle()).toBeNull();
  });

  it('exports the outputs a deployer needs', () => {
    const outputs = Object.keys(template.toJSON().Outputs as object);
    expect(outputs).toEqual(expect.arrayContaining([
      'SpaUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'UploadsBucket', 'EventBusName',
      'PaystackSecretParameter', 'PaystackWebhookUrl',
    ]));
    const values = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(values.PaystackSecretParameter?.Value).toBe(PAYSTACK_PARAMETER);
    expect(JSON.stringify(values.PaystackWebhookUrl?.Value)).toContain('/api/webhooks/paystack');
  });

  it('passes cdk-nag AwsSolutions: no unsuppressed errors or warnings', () => {
    const annotations = Annotations.fromStack(stack);
    const describeAll = (list: ReturnType<typeof annotations.findError>) => list.map((a) => `${a.id}: ${String(a.entry.data)}`);
    expect(describeAll(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
    expect(describeAll(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
    expect(describeAll(annotations.findError('*', Match.anyValue())), 'no other errors').toEqual([]);
  });

  it('really ran cdk-nag, and every suppression carries a specific reason', () => {
    const reportFile = readdirSync(assemblyDir).find((f) => /^AwsSolutions-.*alp-test-NagReport\.csv$/.test(f));
    expect(reportFile, 'cdk-nag report in the assembly').toBeDefined();
    const rows = readFileSync(join(assemblyDir, reportFile!), 'utf8').trim().split('\n').slice(1);
    expect(rows.some((r) => r.startsWith('"AwsSolutions-COG1"') && r.includes('"Suppressed"'))).toBe(true);
    expect(rows.filter((r) => r.includes('"Non-Compliant"'))).toEqual([]);
    for (const row of rows.filter((r) => r.includes('"Suppressed"'))) {
      const reason = row.split('","')[3] ?? '';
      expect(reason.length, row).toBeGreaterThan(60);
    }
  });
});
