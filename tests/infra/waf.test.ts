/**
 * The CloudFront web ACL (edge stack, us-east-1) and the per-IP limits it shares with the local
 * gateway (infra/aws/rate-limits.ts); the app stack's side (the user pool's regional ACL, the
 * distribution's cache keys) is asserted in stack.test.ts. Synthesizes only the small edge stack
 * and a stack with the web ACL ARN passed in.
 */
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EdgeStack } from '../../infra/aws/edge-stack.js';
import { MANAGED_RULE_GROUPS } from '../../infra/aws/constructs/waf.js';
import { apiLimitApplies, cognitoLimitApplies, IP_RATE_LIMITS, PAYSTACK_WEBHOOK_IPS } from '../../infra/aws/rate-limits.js';
import { addComplianceChecks } from '../../infra/aws/stack.js';
import { routeList } from '../../functions/routes.js';

interface Rule {
  Name: string;
  Priority: number;
  Statement: Record<string, unknown>;
  Action?: { Block?: { CustomResponse?: { ResponseCode: number; ResponseHeaders?: { Name: string; Value: string }[]; CustomResponseBodyKey?: string } } };
}

let stack: EdgeStack;
let template: Template;
let acl: Record<string, unknown>;
let rules: Rule[];

beforeAll(() => {
  const app = new App();
  stack = new EdgeStack(app, 'alp-test-edge', { stage: 'test' });
  addComplianceChecks(app);
  app.synth();
  template = Template.fromStack(stack);
  const acls = template.findResources('AWS::WAFv2::WebACL');
  expect(Object.keys(acls)).toHaveLength(1);
  acl = Object.values(acls)[0]!.Properties as Record<string, unknown>;
  rules = acl.Rules as Rule[];
});

describe('CloudFront web ACL (edge stack)', () => {
  it('lives in us-east-1 with scope CLOUDFRONT and outputs its ARN for the app stack', () => {
    expect(stack.region).toBe('us-east-1');
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    template.hasOutput('WebAclArn', { Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
  });

  it('has a rate-based rule per API limit, per IP, answering 429 with Retry-After and the JSON error', () => {
    const apiLimits = IP_RATE_LIMITS.filter((l) => l.scope === 'api');
    expect(apiLimits.map((l) => l.name)).toEqual(expect.arrayContaining(['api-sign-up', 'api-ai', 'api-exam-pack-download', 'api-paystack-webhook', 'api-all']));
    for (const limit of apiLimits) {
      const rule = rules.find((r) => r.Name === limit.name);
      expect(rule?.Statement.RateBasedStatement, limit.name).toMatchObject({
        Limit: limit.limit, EvaluationWindowSec: limit.windowSeconds, AggregateKeyType: 'IP', ScopeDownStatement: expect.any(Object),
      });
      expect(rule?.Action?.Block?.CustomResponse).toEqual({
        ResponseCode: 429, CustomResponseBodyKey: 'rate-limited', ResponseHeaders: [{ Name: 'Retry-After', Value: String(limit.windowSeconds) }],
      });
    }
    const bodies = acl.CustomResponseBodies as Record<string, { Content: string; ContentType: string }>;
    const body = JSON.parse(bodies['rate-limited']!.Content) as { error: { code: string; message: string; messageSw: string } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.messageSw).toMatch(/subiri/);
  });

  it('refuses the Paystack webhook from anywhere but Paystack\'s published addresses, before any other rule', () => {
    const first = [...rules].sort((a, b) => a.Priority - b.Priority)[0]!;
    expect(first.Name).toBe('paystack-webhook-source');
    expect(JSON.stringify(first.Statement)).toContain('/api/webhooks/paystack');
    expect(JSON.stringify(first.Statement)).toContain('NotStatement');
    const sets = template.findResources('AWS::WAFv2::IPSet');
    expect(Object.values(sets).map((s) => (s.Properties as { Addresses: string[] }).Addresses)).toEqual([[...PAYSTACK_WEBHOOK_IPS]]);
  });

  it('runs AWS\'s managed rule groups after the limits (IP reputation, common, known bad inputs)', () => {
    const managed = rules.filter((r) => 'ManagedRuleGroupStatement' in r.Statement);
    expect(managed.map((r) => (r.Statement.ManagedRuleGroupStatement as { Name: string }).Name)).toEqual([...MANAGED_RULE_GROUPS]);
    const lastLimit = Math.max(...rules.filter((r) => 'RateBasedStatement' in r.Statement).map((r) => r.Priority));
    for (const r of managed) expect(r.Priority).toBeGreaterThan(lastLimit);
    // Priorities are unique (CloudFormation refuses duplicates only at deploy time).
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('passes cdk-nag AwsSolutions', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });
});

describe('the shared per-IP limits', () => {
  it('each API limit counts at least one route of the route table, and the tighter ones exactly their routes', () => {
    for (const limit of IP_RATE_LIMITS.filter((l) => l.scope === 'api')) {
      expect(routeList.some((r) => apiLimitApplies(limit, r.method, r.path.replace(/\{\w+\}/g, 'x1'))), limit.name).toBe(true);
    }
    const signUp = IP_RATE_LIMITS.find((l) => l.name === 'api-sign-up')!;
    expect(apiLimitApplies(signUp, 'POST', '/api/auth/sign-up')).toBe(true);
    expect(apiLimitApplies(signUp, 'GET', '/api/auth/sign-up')).toBe(false);
    const download = IP_RATE_LIMITS.find((l) => l.name === 'api-exam-pack-download')!;
    expect(apiLimitApplies(download, 'POST', '/api/exam-packs/kcse-maths/download')).toBe(true);
    expect(apiLimitApplies(download, 'POST', '/api/exam-packs/a/b/download')).toBe(false);
  });

  it('Cognito limits match the X-Amz-Target action', () => {
    const signIn = IP_RATE_LIMITS.find((l) => l.name === 'cognito-sign-in')!;
    expect(cognitoLimitApplies(signIn, 'AWSCognitoIdentityProviderService.InitiateAuth')).toBe(true);
    expect(cognitoLimitApplies(signIn, 'AWSCognitoIdentityProviderService.ConfirmSignUp')).toBe(false);
  });

  it('no per-address Cognito limit on SignUp or ResendConfirmationCode: only the API\'s functions make those calls, from shared Lambda addresses', () => {
    for (const limit of IP_RATE_LIMITS.filter((l) => l.scope === 'cognito')) {
      expect(cognitoLimitApplies(limit, 'AWSCognitoIdentityProviderService.SignUp'), limit.name).toBe(false);
      expect(cognitoLimitApplies(limit, 'AWSCognitoIdentityProviderService.ResendConfirmationCode'), limit.name).toBe(false);
    }
    const resend = IP_RATE_LIMITS.find((l) => l.name === 'api-resend-code')!;
    expect(apiLimitApplies(resend, 'POST', '/api/auth/resend-code')).toBe(true);
  });

  it('every limit is one WAF accepts (at least 10 in a 60–600 s window)', () => {
    for (const limit of IP_RATE_LIMITS) {
      expect(limit.limit).toBeGreaterThanOrEqual(10);
      expect([60, 120, 300, 600]).toContain(limit.windowSeconds);
      expect(limit.name).toMatch(/^[a-z0-9-]+$/);
    }
  });
});

describe('the app stack with the web ACL', () => {
  it('attaches the ARN given to the distribution', async () => {
    const { AlpStack } = await import('../../infra/aws/stack.js');
    const app = new App({ context: { webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/alp-test-edge/abc' } });
    const appStack = new AlpStack(app, 'alp-test-acl', { stage: 'test', webDistPath: '/nonexistent', routes: routeList.slice(0, 1), eventConsumers: [], schedules: [] });
    const distributions = Template.fromStack(appStack).findResources('AWS::CloudFront::Distribution');
    const config = (Object.values(distributions)[0]!.Properties as { DistributionConfig: { WebACLId?: string } }).DistributionConfig;
    expect(config.WebACLId).toBe('arn:aws:wafv2:us-east-1:123456789012:global/webacl/alp-test-edge/abc');
  }, 120_000);
});
