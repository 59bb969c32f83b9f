/**
 * `cdk deploy` creates the conversations WebSocket API: $connect behind a Lambda REQUEST authoriser
 * reading the token from the query string, $disconnect and $default, a throttled stage with access
 * logs, alarms that reach the operator, the browser's URL in config.json, and ManageConnections
 * on this API's connections for the routes that change what a party sees (send, read, block) only.
 */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AlpStack } from '../../infra/aws/stack.js';
import { appLogicalId, appTemplate } from './fixtures/templates.js';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new AlpStack(app, 'alp-sockets', { stage: 'sockets', webDistPath: '/nonexistent' });
const template = appTemplate(stack);
const apiRef = { Ref: appLogicalId(stack.sockets.api.node.defaultChild as never) };
const resources = (type: string) => Object.values(template.findResources(type)) as Array<{ Properties: Record<string, any> }>;

describe('the conversations WebSocket API', () => {
  it('is a WebSocket API with $connect (authorised), $disconnect and $default', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    const routes = resources('AWS::ApiGatewayV2::Route').filter((r) => JSON.stringify(r.Properties.ApiId) === JSON.stringify(apiRef));
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    const connect = routes.find((r) => r.Properties.RouteKey === '$connect')!;
    expect(connect.Properties.AuthorizationType).toBe('CUSTOM');
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      ApiId: apiRef, AuthorizerType: 'REQUEST', IdentitySource: ['route.request.querystring.token'],
    });
  });

  it('has a throttled stage with access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: apiRef, StageName: 'ws', AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('alarms on its integration and execution errors, to the operator\'s topic', () => {
    const topicRef = { Ref: appLogicalId(stack.monitoring.topic.node.defaultChild as never) };
    const socketAlarms = resources('AWS::CloudWatch::Alarm').filter((a) => JSON.stringify(a.Properties.Dimensions ?? []).includes(JSON.stringify(apiRef)));
    expect(socketAlarms.map((a) => a.Properties.MetricName).sort()).toEqual(['ExecutionError', 'IntegrationError']);
    for (const alarm of socketAlarms) expect(alarm.Properties.AlarmActions).toEqual([topicRef]);
  });

  it('only the routes that change what a party sees (send, read, block) may post to connections, and only this API\'s', () => {
    const policies = Object.entries(template.findResources('AWS::IAM::Policy')) as Array<[string, { Properties: Record<string, any> }]>;
    const pushing = policies.filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('execute-api:ManageConnections'));
    // Routes with the same grants share a role: sending (which also reads uploads) has its own.
    expect(pushing.length).toBeGreaterThan(0);
    for (const [, policy] of pushing) {
      const statement = (policy.Properties.PolicyDocument.Statement as Array<Record<string, any>>)
        .find((s) => s.Action === 'execute-api:ManageConnections')!;
      // The API's id, passed out of its nested stack.
      expect(JSON.stringify(statement.Resource)).toMatch(/SocketsStackNestedStack.*Outputs\.\w*SocketsStackApi\w*Ref/);
      expect(JSON.stringify(statement.Resource)).toContain('/ws/POST/@connections/*');
    }
    const withEndpoint = resources('AWS::Lambda::Function').filter((f) => f.Properties.Environment?.Variables?.CONVERSATIONS_SOCKET_ENDPOINT);
    expect(withEndpoint.map((f) => / (\w+): (?:POST|PUT) /.exec(f.Properties.Description)?.[1]).sort()).toEqual(['blockConversation', 'markConversationRead', 'sendConversationMessage']);
  });

  it('tells the browser its URL in config.json and lets the CSP connect to it', () => {
    const deployments = JSON.stringify(template.findResources('Custom::CDKBucketDeployment'));
    // config.json's socketUrl: the stage's URL, passed out of the sockets' nested stack into the deployment's markers.
    expect(deployments).toMatch(/"Fn::GetAtt":\["SocketsStackNestedStack\w+","Outputs\.\w*SocketsStack\w*"\]/);
    const headers = resources('AWS::CloudFront::ResponseHeadersPolicy');
    expect(JSON.stringify(headers)).toContain('wss://*.execute-api.');
  });
});
