/**
 * X-Ray on every function of the product (routes, consumers, timed jobs): active tracing, the
 * permission to send traces and nothing else on "*", and Powertools (Tracer with the X-Ray SDK)
 * from AWS's layer at the version package-lock installs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../functions/routes.js';
import { socketRoutes } from '../../functions/conversations/socket-routes.js';
/** The conversations WebSocket API's functions: its authoriser and three routes (infra/aws/constructs/sockets.ts). */
const SOCKET_FUNCTIONS = Object.keys(socketRoutes).length;
import { POWERTOOLS_LAYER, PROJECT_ROOT } from '../../infra/aws/constructs/function.js';
import { eventConsumers, workQueues } from '../../infra/aws/definitions.js';
import { AlpStack } from '../../infra/aws/stack.js';
import { heartbeatJob } from './fixtures/jobs.js';
import { appTemplate, templatesOf } from './fixtures/templates.js';
import { COGNITO_TRIGGERS } from '../../infra/aws/constructs/identity.js';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new AlpStack(app, 'alp-tracing', { stage: 'tracing', webDistPath: '/nonexistent', schedules: [heartbeatJob] });
const template = appTemplate(stack).toJSON() as {
  Resources: Record<string, { Type: string; Properties: Record<string, any> }>;
  Parameters: Record<string, { Type: string; Default: string }>;
};
const functions = Object.entries(template.Resources)
  .filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');

interface Statement { Effect: string; Action: string | string[]; Resource: unknown }
function statementsOf(fn: { Properties: Record<string, any> }): Statement[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
  return Object.values(template.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as unknown[]).some((x) => JSON.stringify(x) === JSON.stringify({ Ref: roleId })))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[]);
}
const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('tracing', () => {
  it('covers every route, consumer, timed job and work queue worker', () => {
    expect(functions).toHaveLength(routeList.length + eventConsumers.length + 1 + workQueues.length + COGNITO_TRIGGERS.length + SOCKET_FUNCTIONS);
  });

  it('every function traces actively and may send its traces', () => {
    for (const [id, fn] of functions) {
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      const xray = statementsOf(fn).filter((s) => actions(s).includes('xray:PutTraceSegments'));
      expect(xray.map((s) => ({ ...s, Action: actions(s).sort() })), id).toEqual([
        { Effect: 'Allow', Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Resource: '*' },
      ]);
    }
  });

  it('grants nothing else on "*" (the X-Ray actions name no resource; everything else does)', () => {
    for (const [id, fn] of functions) {
      const onEverything = statementsOf(fn).filter((s) => s.Resource === '*').flatMap(actions).sort();
      expect(onEverything, id).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    }
  });

  it('every function loads Powertools from AWS\'s layer, pinned by ARN per region, taken for the version the tests ran', () => {
    const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    const version = lock.packages['node_modules/@aws-lambda-powertools/tracer']!.version;
    expect(POWERTOOLS_LAYER.npmVersion, 'move the layer pin with package-lock (docs/decisions/2026-11-27-powertools-layer-pinned.md)').toBe(version);
    // Each template with functions carries the region → ARN mapping; nothing is resolved from SSM at deploy time.
    for (const [path, t] of templatesOf(stack)) {
      const json = t.toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, any> }>; Mappings?: Record<string, Record<string, { arn: string }>>; Parameters?: unknown };
      expect(JSON.stringify(json.Parameters ?? {}), path).not.toContain('/aws/service/powertools');
      const own = Object.entries(json.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
      if (own.length === 0) continue;
      const [mappingId, byRegion] = Object.entries(json.Mappings ?? {}).find(([id]) => id.startsWith('PowertoolsLayerArns'))!;
      for (const region of ['af-south-1', 'eu-west-1']) {
        expect(byRegion[region]?.arn, path).toBe(`arn:aws:lambda:${region}:094274105915:layer:AWSLambdaPowertoolsTypeScriptV2:${POWERTOOLS_LAYER.version}`);
      }
      for (const [id, fn] of own) expect(fn.Properties.Layers, id).toEqual([{ 'Fn::FindInMap': [mappingId, { Ref: 'AWS::Region' }, 'arn'] }]);
    }
  });
});
