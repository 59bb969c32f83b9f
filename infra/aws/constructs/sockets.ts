/**
 * The conversations WebSocket API (functions/conversations/socket-routes.ts): API Gateway holds
 * the browsers' sockets; $connect runs a Lambda REQUEST authoriser that verifies the Cognito access
 * token of `?token=` (WebSocket APIs have no JWT authoriser) and stores the connection,
 * $disconnect removes it, $default takes keep-alive pings. Functions holding the
 * `conversations:push` grant post to the connections through the management API (the stage's
 * callback URL). In a nested stack of its own: the parent template stays far from 500 resources.
 */
import { Aws, Duration, NestedStack, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { SOCKET_STAGE, socketRoutes } from '../../../functions/conversations/socket-routes.js';
import { APP_NAME } from '../definitions.js';
import type { Throttle } from './api.js';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { applyGrants, type GrantTargets, type SocketTarget } from './grants.js';

export interface SocketsProps {
  stage: string;
  /** The stage's default throttling (per account and region, across all connections' messages). */
  throttle: Throttle;
}

/** What a function holding the conversations:push grant is given (grants.ts). */

export class ConversationSockets extends Construct {
  readonly nested: NestedStack;
  readonly api: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly props: SocketsProps;

  constructor(scope: Construct, id: string, props: SocketsProps) {
    super(scope, id);
    this.props = props;
    this.nested = new NestedStack(this, 'Stack', { description: `${APP_NAME} ${props.stage} conversations WebSocket API` });
    this.api = new apigw.WebSocketApi(this.nested, 'Api', {
      apiName: `${APP_NAME}-${props.stage}-conversations-socket`,
      description: 'Africa\'s Learning Platform conversations: pushes each party\'s inbox state after a message is stored',
    });
    // Each line carries the caller's IP address: kept 30 days, as the HTTP API's (docs/operations.md "Personal data kept").
    const accessLogs = new logs.LogGroup(this.nested, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.RETAIN });
    this.stage = new apigw.WebSocketStage(this.nested, 'Stage', {
      webSocketApi: this.api,
      stageName: SOCKET_STAGE,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify({
          requestId: '$context.requestId', ip: '$context.identity.sourceIp', requestTime: '$context.requestTime',
          routeKey: '$context.routeKey', eventType: '$context.eventType', connectionId: '$context.connectionId',
          status: '$context.status', integrationError: '$context.integrationErrorMessage', authorizerError: '$context.authorizer.error',
        })),
      },
    });

    const metric = (metricName: string) => new cloudwatch.Metric({
      namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: this.api.apiId, Stage: SOCKET_STAGE },
      period: Duration.minutes(5), statistic: 'Sum',
    });
    const alarm = (name: string, description: string, metricName: string, threshold: number) => {
      this.alarms.push(new cloudwatch.Alarm(this.nested, name, {
        alarmDescription: description, metric: metric(metricName), threshold, evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }));
    };
    alarm('IntegrationErrors', 'The conversations WebSocket\'s $connect/$disconnect handlers failed (5 min): sockets refused, pages fall back to polling.', 'IntegrationError', 5);
    alarm('ExecutionErrors', 'The conversations WebSocket API failed to run routes (5 min): sockets refused, pages fall back to polling.', 'ExecutionError', 5);
  }

  /** The browser's URL (RuntimeConfig.socketUrl): wss://{apiId}.execute-api.{region}.amazonaws.com/{stage}. */
  get url(): string {
    return this.stage.url;
  }

  get target(): SocketTarget {
    return {
      managementEndpoint: this.stage.callbackUrl,
      connectionsArn: `arn:${Aws.PARTITION}:execute-api:${Aws.REGION}:${Aws.ACCOUNT_ID}:${this.api.apiId}/${SOCKET_STAGE}/POST/@connections/*`,
    };
  }

  /** The authoriser and the three routes' functions; only $connect and $disconnect touch the table. */
  addRoutes(environment: FunctionEnvironment, grantTargets: GrantTargets): void {
    const fn = (id: string, handler: string, summary: string, grants: Array<'table:read' | 'table:write'>) => {
      const created = new AppFunction(this.nested, id, {
        handler, description: `${APP_NAME} ${this.props.stage} conversations socket: ${summary}`, serviceName: `${APP_NAME}-socket`,
        environment, timeout: Duration.seconds(10),
      });
      applyGrants(created.role, grants, grantTargets);
      return created.function;
    };
    const authorizer = new WebSocketLambdaAuthorizer('CognitoToken', fn('Authorizer', socketRoutes.authorizer, 'verifies the access token', []), {
      identitySource: ['route.request.querystring.token'],
    });
    const route = (key: keyof Omit<typeof socketRoutes, 'authorizer'>, id: string, summary: string, grants: Array<'table:read' | 'table:write'>) => {
      const added = this.api.addRoute(key, {
        integration: new WebSocketLambdaIntegration(`${id}Integration`, fn(id, socketRoutes[key], summary, grants)),
        ...(key === '$connect' ? { authorizer } : {}),
      });
      if (key !== '$connect') {
        NagSuppressions.addResourceSuppressions(added, [{
          id: 'AwsSolutions-APIG4',
          reason: `${key} runs on a connection $connect already authorised (API Gateway accepts an authoriser on $connect only).`,
        }], true);
      }
    };
    route('$connect', 'Connect', 'stores the connection', ['table:read', 'table:write']);
    route('$disconnect', 'Disconnect', 'removes the connection', ['table:read', 'table:write']);
    route('$default', 'Default', 'keep-alive pings', []);
  }
}
