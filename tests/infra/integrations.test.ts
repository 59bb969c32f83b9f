/**
 * The BigBlueButton entry of infra/aws/integrations.ts in a synthesized stack: its shared secret is
 * readable only by functions holding `live:video` (the live session routes and a fixture job),
 * its server URL comes from `-c bigBlueButtonUrl`, and a stack without one says so.
 */
import { App } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList, type Grant } from '../../functions/routes.js';
import { eventConsumers, workQueues } from '../../infra/aws/definitions.js';
import { integrationBaseUrl, integrations } from '../../infra/aws/integrations.js';
import { messagingCapsEnvironment } from '../../infra/aws/messaging-caps.js';
import { AlpStack } from '../../infra/aws/stack.js';
import { LIVE_LEFT_PATH } from '../../infra/aws/web-framing.js';
import { heartbeatJob, videoGrantJob } from './fixtures/jobs.js';
import { appLogicalId, appTemplate } from './fixtures/templates.js';

const BBB_URL = 'https://bbb.example.com/bigbluebutton/api';
const BBB_PARAMETER = '/alp/vid/bigbluebutton/secret-key';

function synth(context: Record<string, unknown>) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new AlpStack(app, 'alp-vid', { stage: 'vid', webDistPath: '/nonexistent', schedules: [heartbeatJob, videoGrantJob] });
  return { stack, template: appTemplate(stack) };
}

type Resource = { Type: string; Properties: Record<string, any> };

describe('BigBlueButton on AWS', () => {
  const { stack, template } = synth({ bigBlueButtonUrl: BBB_URL });
  const resources = template.toJSON().Resources as Record<string, Resource>;
  const videoFn = appLogicalId(stack.schedules.jobs['video-grant']!.function.node.defaultChild as never);

  it('gives the shared secret (GetParameter + decrypt through SSM) and the server URL only to functions holding live:video', () => {
    const readers = new Set<string>();
    for (const policy of Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy')) {
      const text = JSON.stringify(policy.Properties.PolicyDocument);
      if (!text.includes(`:parameter${BBB_PARAMETER}`)) continue;
      for (const role of policy.Properties.Roles as Array<{ Ref: string }>) readers.add(role.Ref);
    }
    const functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
    expect(functions.length).toBeGreaterThan(10);
    // Route functions are described "… {name}: {method} {path}" (infra/aws/constructs/api.ts).
    const videoRoutes = routeList.filter((r) => (r.grants as readonly Grant[]).includes('live:video')).map((r) => ` ${r.name}: ${r.method} ${r.path}`);
    expect(videoRoutes.length, 'some route calls the video provider').toBeGreaterThan(0);
    for (const [id, fn] of functions) {
      const holds = id === videoFn || videoRoutes.some((suffix) => String(fn.Properties.Description).endsWith(suffix));
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(readers.has(fn.Properties.Role['Fn::GetAtt'][0]), id).toBe(holds);
      expect(env.BIGBLUEBUTTON_SECRET_PARAMETER, id).toBe(holds ? BBB_PARAMETER : undefined);
      expect(env.BIGBLUEBUTTON_BASE_URL, id).toBe(holds ? BBB_URL : undefined);
      expect(env.BIGBLUEBUTTON_SECRET_KEY, `${id}: never the secret itself`).toBeUndefined();
    }
    // The holder reads its own parameter, not Paystack's.
    expect(JSON.stringify(Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy'
      && JSON.stringify(r.Properties.Roles).includes(resources[videoFn]!.Properties.Role['Fn::GetAtt'][0])))).not.toContain('/paystack/');
  });

  it('outputs the parameter to put the secret in and the server URL', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.BigBlueButtonSecretParameter?.Value).toBe(BBB_PARAMETER);
    expect(outputs.BigBlueButtonApiUrl?.Value).toBe(BBB_URL);
    expect(Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('No BigBlueButton server'))).toEqual([]);
  });

  it('without -c bigBlueButtonUrl: a synth warning, an output saying how to set it, and no BIGBLUEBUTTON_BASE_URL', () => {
    const bare = synth({});
    const warnings = Annotations.fromStack(bare.stack).findWarning('*', Match.stringLikeRegexp('No BigBlueButton server'));
    expect(warnings.map((w) => String(w.entry.data))).toEqual([expect.stringContaining('-c bigBlueButtonUrl=https://')]);
    const outputs = bare.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.BigBlueButtonApiUrl?.Value).toMatch(/^not set: cdk deploy -c bigBlueButtonUrl=/);
    const fn = Object.values(bare.template.toJSON().Resources as Record<string, Resource>)
      .find((r) => r.Type === 'AWS::Lambda::Function' && JSON.stringify(r.Properties.Environment ?? {}).includes('BIGBLUEBUTTON_SECRET_PARAMETER'));
    expect(fn?.Properties.Environment.Variables.BIGBLUEBUTTON_BASE_URL).toBeUndefined();
  });

  it('accepts only an HTTPS URL without credentials for the server', () => {
    const bbb = integrations.find((i) => i.id === 'bigbluebutton')!;
    const paystack = integrations.find((i) => i.id === 'paystack')!;
    const read = (value: unknown) => integrationBaseUrl(bbb, () => value);
    expect(read(`${BBB_URL}/`)).toBe(BBB_URL);
    expect(read(undefined)).toBeUndefined();
    for (const bad of ['http://bbb.example.com/bigbluebutton/api', 'bbb.example.com', 'https://u:p@bbb.example.com/api', 'https://b.example/api?x=1']) {
      expect(() => read(bad), bad).toThrow(/-c bigBlueButtonUrl must be the HTTPS API URL/);
    }
    expect(integrationBaseUrl(paystack, () => 'ignored')).toBe('https://api.paystack.co');
  });
});

describe.each([
  { id: 'africastalking', name: "Africa's Talking", grant: 'messaging:sms', env: 'AFRICASTALKING', api: 'https://api.africastalking.com',
    route: ' africasTalkingDeliveryReport: POST /api/webhooks/africastalking/{token}', output: 'AfricasTalkingDeliveryReportsUrl',
    outputPrefix: 'AfricasTalking', callbackPath: '/api/webhooks/africastalking/{token}' },
  { id: 'whatsapp', name: 'WhatsApp Cloud API', grant: 'messaging:whatsapp', env: 'WHATSAPP', api: 'https://graph.facebook.com',
    route: ' whatsAppWebhook: POST /api/webhooks/whatsapp', output: 'WhatsAppWebhookUrl',
    outputPrefix: 'WhatsAppCloudAPI', callbackPath: '/api/webhooks/whatsapp' },
] as const)('$name on AWS', (provider) => {
  const { template } = synth({});
  const resources = template.toJSON().Resources as Record<string, Resource>;
  const parameter = `/alp/vid/${provider.id}/secret-key`;

  it('gives its credentials and API only to the functions whose routes hold its grant', () => {
    const readers = new Set<string>();
    for (const policy of Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy')) {
      if (!JSON.stringify(policy.Properties.PolicyDocument).includes(`:parameter${parameter}`)) continue;
      for (const role of policy.Properties.Roles as Array<{ Ref: string }>) readers.add(role.Ref);
    }
    const holderRoutes = routeList.filter((r) => (r.grants as readonly Grant[]).includes(provider.grant)).map((r) => ` ${r.name}: ${r.method} ${r.path}`);
    expect(holderRoutes).toContain(provider.route);
    // Consumers and workers that send messages hold the grant too (their descriptions name them).
    const holderWorkers = [
      ...eventConsumers.filter((c) => (c.grants as readonly Grant[]).includes(provider.grant)).map((c) => ` consumer ${c.name} (`),
      ...workQueues.filter((w) => (w.grants as readonly Grant[]).includes(provider.grant)).map((w) => ` worker ${w.name}: `),
    ];
    const functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
    let holders = 0;
    for (const [id, fn] of functions) {
      const description = String(fn.Properties.Description);
      const holds = holderRoutes.some((suffix) => description.endsWith(suffix)) || holderWorkers.some((part) => description.includes(part));
      if (holds) holders += 1;
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(readers.has(fn.Properties.Role['Fn::GetAtt'][0]), id).toBe(holds);
      expect(env[`${provider.env}_SECRET_PARAMETER`], id).toBe(holds ? parameter : undefined);
      expect(env[`${provider.env}_BASE_URL`], id).toBe(holds ? provider.api : undefined);
      expect(env[`${provider.env}_SECRET_KEY`], `${id}: never the secret itself`).toBeUndefined();
    }
    expect(holders).toBe(holderRoutes.length + holderWorkers.length);
  });

  it('outputs the parameter to put the credentials in and the callback URL to register', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs[`${provider.outputPrefix}SecretParameter`]?.Value).toBe(parameter);
    expect(JSON.stringify(outputs[provider.output]?.Value)).toContain(provider.callbackPath);
  });
});

describe('the app may frame the BigBlueButton classroom', () => {
  /** The headers each path is served with: the default behaviour's, or the behaviour of `path`. */
  const headersOf = (template: Template, path?: string) => {
    const resources = template.toJSON().Resources as Record<string, Resource>;
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as Resource[];
    const { DefaultCacheBehavior, CacheBehaviors } = distribution!.Properties.DistributionConfig;
    const behaviour = path ? (CacheBehaviors as Array<Record<string, any>>).find((b) => b.PathPattern === path) : DefaultCacheBehavior;
    const config = resources[behaviour.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
    // A Fn::Join (the S3 hosts name the region): its JSON keeps the directives in order.
    const csp = JSON.stringify(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    return {
      csp,
      frameAncestors: /frame-ancestors ([^;"]*)/.exec(csp)?.[1],
      frameOptions: config.SecurityHeadersConfig.FrameOptions?.FrameOption as string | undefined,
      permissions: (config.CustomHeadersConfig.Items as Array<{ Header: string; Value: string }>).find((h) => h.Header === 'Permissions-Policy')!.Value,
    };
  };
  const headers = (template: Template) => headersOf(template);

  it('with a server: frame-src and camera, microphone, screen sharing and fullscreen for its origin only; the app still cannot be framed', () => {
    const { csp, permissions } = headers(synth({ bigBlueButtonUrl: BBB_URL }).template);
    expect(csp).toMatch(/frame-src 'self' [^;]* https:\/\/bbb\.example\.com;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(permissions).toBe('camera=(self "https://bbb.example.com"), microphone=(self "https://bbb.example.com"), '
      + 'display-capture=(self "https://bbb.example.com"), fullscreen=(self "https://bbb.example.com"), geolocation=(), payment=()');
  });

  it("/live-left.html (the server's logoutURL, loaded in the classroom frame) may be framed by the app and that server only; every other path by nobody", () => {
    const { template } = synth({ bigBlueButtonUrl: BBB_URL });
    const left = headersOf(template, LIVE_LEFT_PATH);
    expect(left.frameAncestors).toBe("'self' https://bbb.example.com");
    expect(left.frameOptions).toBeUndefined();
    // Otherwise the same headers as the app.
    const app = headersOf(template);
    expect(left.csp.replace(/frame-ancestors [^;"]*/, '')).toBe(app.csp.replace(/frame-ancestors [^;"]*/, ''));
    expect(left.permissions).toBe(app.permissions);
    for (const path of [undefined, '/api/*', '/public/*']) {
      expect(headersOf(template, path), path ?? 'the SPA').toMatchObject({ frameAncestors: "'none'", frameOptions: 'DENY' });
    }
  });

  it('without a server, /live-left.html may be framed by the app only', () => {
    expect(headersOf(synth({}).template, LIVE_LEFT_PATH)).toMatchObject({ frameAncestors: "'self'", frameOptions: undefined });
  });

  it('without one: nothing else may be framed and the camera stays off', () => {
    const { csp, permissions } = headers(synth({}).template);
    expect(csp).not.toContain('bbb.example.com');
    expect(permissions).toBe('camera=(), microphone=(), display-capture=(), fullscreen=(self), geolocation=(), payment=()');
  });
});

describe('messaging caps from CDK context', () => {
  it('-c messagingUserDailyCap / messagingPlatformDailyCap / messagingWhatsAppCostKes: set on every function that can send SMS or WhatsApp, and no other', () => {
    const { template } = synth({ messagingUserDailyCap: '5', messagingPlatformDailyCap: 800, messagingWhatsAppCostKes: '0.9' });
    const functions = Object.entries(template.toJSON().Resources as Record<string, Resource>)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x');
    let senders = 0;
    for (const [id, fn] of functions) {
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      const sends = env.AFRICASTALKING_SECRET_PARAMETER !== undefined || env.WHATSAPP_SECRET_PARAMETER !== undefined;
      if (sends) senders += 1;
      expect([env.MESSAGING_USER_DAILY_CAP, env.MESSAGING_PLATFORM_DAILY_CAP, env.MESSAGING_WHATSAPP_COST_KES], id)
        .toEqual(sends ? ['5', '800', '0.9'] : [undefined, undefined, undefined]);
    }
    expect(senders).toBeGreaterThan(5);
  });

  it('without them the functions keep the code defaults (no variables); a bad value stops the synth', () => {
    const { template } = synth({});
    const environments = Object.values(template.toJSON().Resources as Record<string, Resource>)
      .filter((r) => r.Type === 'AWS::Lambda::Function').map((r) => JSON.stringify(r.Properties.Environment ?? {}));
    expect(environments.filter((e) => e.includes('AFRICASTALKING_SECRET_PARAMETER')).length).toBeGreaterThan(5);
    expect(environments.filter((e) => e.includes('MESSAGING_'))).toEqual([]);
    expect(messagingCapsEnvironment(() => undefined)).toEqual({});
    for (const [key, bad] of [['messagingUserDailyCap', '-1'], ['messagingPlatformDailyCap', '2.5'], ['messagingWhatsAppCostKes', 'one']]) {
      expect(() => messagingCapsEnvironment((k) => (k === key ? bad : undefined)), key).toThrow(new RegExp(`-c ${key} must be`));
    }
  });
});
