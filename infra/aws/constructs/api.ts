/**
 * The HTTP API: a Cognito JWT authorizer and, for every entry of functions/routes.ts, one
 * Lambda and one route. CloudFront serves it under /api/* on the app's own origin, so there
 * is no CORS configuration.
 */
import { Duration, NestedStack, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { RouteDef, RouteName } from '../../../functions/routes.js';
import { ACCESS_TOKEN_SCOPE, APP_NAME } from '../definitions.js';
import { RESERVED_ROUTE_CONCURRENCY } from './concurrency.js';
import { AppFunction, SharedExecution, type FunctionEnvironment } from './function.js';
import { applyGrants, grantEnvironment, type GrantTargets } from './grants.js';
import type { Identity } from './identity.js';

export interface Throttle {
  /** Steady-state requests per second. */
  rateLimit: number;
  burstLimit: number;
}

export interface ApiProps {
  stage: string;
  identity: Identity;
  /** Default throttling of every route. */
  throttle: Throttle;
  /** Tighter throttling of unauthenticated write routes (sign-up, webhooks): they cost e-mails and Cognito quota. */
  publicWriteThrottle: Throttle;
}

export interface ApiRoute {
  route: apigw.HttpRoute;
  function: lambda.IFunction;
}

/** How long the API's access log (callers' IP addresses) is kept. */
export const ACCESS_LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/** JSON access log line with the HTTP API's own context variables. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  userAgent: '$context.identity.userAgent',
}));

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly authorizer: HttpJwtAuthorizer;
  readonly routes: Partial<Record<RouteName, ApiRoute>> = {};
  /** The nested stack of each domain's routes (see addRoutes). */
  readonly routeStacks: Record<string, NestedStack> = {};
  private readonly props: ApiProps;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.props = props;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${APP_NAME}-${props.stage}-api`,
      description: 'Africa\'s Learning Platform API (served by CloudFront under /api/*)',
      // Our own $default stage below carries throttling and access logs.
      createDefaultStage: false,
    });

    // Each line carries the caller's IP address: kept 30 days (docs/operations.md "Personal data kept").
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: ACCESS_LOG_RETENTION,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: ACCESS_LOG_FORMAT,
      },
    });

    // For access tokens API Gateway checks the `client_id` claim against the audience.
    this.authorizer = new HttpJwtAuthorizer('CognitoJwt', props.identity.issuerUrl, {
      jwtAudience: [props.identity.client.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
  }

  /** The API Gateway domain (CloudFront's origin for /api/*). */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${this.httpApi.stack.region}.${this.httpApi.stack.urlSuffix}`;
  }

  /**
   * One Lambda and one route per route-table entry, in one nested stack per domain (the handler's
   * first folder, functions/{domain}/…): CloudFormation allows 500 resources a template and every
   * route costs about four, so a new domain gets its own template without an infra edit. The
   * HTTP API, its stage and authorizer stay here; CDK passes their ids in as parameters.
   */
  addRoutes(routeList: ReadonlyArray<RouteDef & { name: RouteName }>, environment: FunctionEnvironment, grantTargets: GrantTargets): void {
    const publicWriteRouteKeys: string[] = [];
    for (const [domain, defs] of routesByDomain(routeList)) {
      const nested = new NestedStack(this, `Routes-${domain}`, {
        description: `${APP_NAME} ${this.props.stage} API routes of functions/${domain}`,
      });
      this.routeStacks[domain] = nested;
      const execution = new SharedExecution(nested, 'Execution', `${APP_NAME} ${this.props.stage} ${domain} API routes`);
      for (const def of defs) {
        const publicWrite = this.addRoute(nested, def, execution, environment, grantTargets);
        if (publicWrite) publicWriteRouteKeys.push(publicWrite);
      }
    }

    if (publicWriteRouteKeys.length > 0) {
      const { rateLimit, burstLimit } = this.props.publicWriteThrottle;
      const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
      // RouteSettings is a JSON map keyed by route key, so CloudFormation's own casing applies.
      cfnStage.routeSettings = Object.fromEntries(publicWriteRouteKeys.map((key) => [key, {
        ThrottlingRateLimit: rateLimit,
        ThrottlingBurstLimit: burstLimit,
      }]));
    }
  }

  /** The route's function and route in its domain's nested stack; returns its key when it is a public write. */
  private addRoute(
    scope: Construct, def: RouteDef & { name: RouteName }, execution: SharedExecution,
    environment: FunctionEnvironment, grantTargets: GrantTargets,
  ): string | undefined {
    const routeKey = `${def.method} ${def.path}`;
    const fn = new AppFunction(scope, `Fn-${def.name}`, {
      handler: def.handler,
      description: `${APP_NAME} ${this.props.stage} ${def.name}: ${routeKey}`,
      serviceName: `${APP_NAME}-api`,
      // Plus what the route's grants imply (the Paystack secret's parameter name …).
      environment: { ...environment, ...grantEnvironment(def.grants, grantTargets) },
      // API Gateway gives up after 30 s; a request handler should be done long before.
      timeout: Duration.seconds(def.timeoutSeconds ?? 10),
      shared: { execution, grantsKey: [...def.grants].sort().join(',') },
      reservedConcurrency: RESERVED_ROUTE_CONCURRENCY[def.name],
    });
    if (fn.roleIsNew) applyGrants(fn.role, def.grants, grantTargets);

    const isPublic = def.access === 'public';
    const route = new apigw.HttpRoute(scope, `Route-${def.name}`, {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.with(def.path, apigw.HttpMethod[def.method]),
      integration: new HttpLambdaIntegration(`Integration-${def.name}`, fn.function),
      // Role lists are checked inside the handler (functions/shared/http.ts) from the groups claim.
      // The scope admits access tokens only: an ID token (no scope) is refused, as locally.
      ...(isPublic ? {} : { authorizer: this.authorizer, authorizationScopes: [ACCESS_TOKEN_SCOPE] }),
    });
    if (isPublic) {
      NagSuppressions.addResourceSuppressions(route, [{
        id: 'AwsSolutions-APIG4',
        reason: `${routeKey} is public by the route table (functions/routes.ts, access "public"): `
          + 'health check, sign-up, public tutor browsing or a provider webhook that verifies its own signature.',
      }], true);
    }
    // The stage's per-route settings (addRoutes) need the routes to exist first.
    this.stage.node.addDependency(route);
    this.routes[def.name] = { route, function: fn.function };
    return isPublic && def.method !== 'GET' ? routeKey : undefined;
  }
}

/** Routes grouped by domain, the first folder of their handler (functions/{domain}/…), in table order. */
export function routesByDomain<T extends RouteDef>(routeList: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const def of routeList) {
    const domain = def.handler.split('/')[0]!;
    groups.set(domain, [...(groups.get(domain) ?? []), def]);
  }
  return groups;
}
