/**
 * Stack variants that stack.test.ts does not cover: no web build yet, and a custom domain in a
 * region without CloudFront standard logs. Bundling is skipped here (context
 * aws:cdk:bundling-stacks = []), so this file synthesizes in a few seconds; the bundles
 * themselves are checked by stack.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/aws/constructs/function.js';
import { AlpStack, addComplianceChecks } from '../../infra/aws/stack.js';
import { RENDERER_DIR_ENV } from '../../functions/sitepages/files.js';
import { appTemplate } from './fixtures/templates.js';

const cdkContext = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
const DOMAIN = 'learn.example.com';
const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000';
/** Context paystackSecretParameter (`cdk deploy -c paystackSecretParameter=…`) replaces /alp/{stage}/paystack/secret-key. */
const PAYSTACK_PARAMETER = '/payments/domain/paystack-secret';

const workDir = mkdtempSync(join(tmpdir(), 'alp-infra-variants-'));
let noDist: AlpStack;
let domain: AlpStack;

beforeAll(() => {
  const app = new App({
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], paystackSecretParameter: PAYSTACK_PARAMETER },
    outdir: join(workDir, 'cdk.out'),
  });
  noDist = new AlpStack(app, 'alp-nodist', { stage: 'nodist', webDistPath: join(workDir, 'no-such-dist'), pageRendererPath: join(workDir, 'no-such-renderer') });
  domain = new AlpStack(app, 'alp-domain', {
    stage: 'domain',
    webDistPath: join(workDir, 'no-such-dist'),
    customDomain: { domainName: DOMAIN, certificateArn: CERTIFICATE_ARN },
    cloudFrontAccessLogs: false,
    supportPhone: '+254 711 000 111',
    emailDomain: DOMAIN,
  });
  addComplianceChecks(app);
  app.synth();
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('without a web build', () => {
  it('still deploys config.json (one deployment, one source) and warns that the SPA is missing', () => {
    const template = appTemplate(noDist);
    const deployments = template.findResources('Custom::CDKBucketDeployment');
    const list = Object.values(deployments) as { Properties: { SourceObjectKeys: unknown[]; DestinationBucketKeyPrefix?: string } }[];
    expect(list).toHaveLength(1);
    expect(list[0]!.Properties.SourceObjectKeys).toHaveLength(1);
    expect(list[0]!.Properties.DestinationBucketKeyPrefix).toBeUndefined();

    const warnings = Annotations.fromStack(noDist).findWarning('*', Match.stringLikeRegexp('index\\.html not found'));
    expect(warnings).toHaveLength(1);
  });

  it('warns that the page consumers have no renderer, and names none', () => {
    const warnings = Annotations.fromStack(noDist).findWarning('*', Match.stringLikeRegexp('prerender\\.mjs not found'));
    expect(warnings).toHaveLength(1);
    const functions = Object.values(appTemplate(noDist).findResources('AWS::Lambda::Function')) as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }[];
    expect(functions.filter((f) => f.Properties.Environment?.Variables?.[RENDERER_DIR_ENV] !== undefined)).toEqual([]);
  });
});

describe('with a custom domain and no CloudFront standard logs', () => {
  it('serves the domain with the certificate and TLSv1.2_2021, without CloudFront logging', () => {
    const template = appTemplate(domain);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [DOMAIN],
        ViewerCertificate: { AcmCertificateArn: CERTIFICATE_ARN, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
        Logging: Match.absent(),
      }),
    });
  });

  it('uses https://<domain> as APP_ORIGIN and as the uploads CORS origin', () => {
    const template = appTemplate(domain);
    const functions = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } })) as
      { Properties: { Environment: { Variables: Record<string, unknown> } } }[];
    // The Cognito triggers are the exception by design: the pool references them, so they get
    // only the server client's SSM parameter name (infra/aws/constructs/identity.ts).
    const handlers = functions.filter((fn) => !('USER_POOL_SERVER_CLIENT_ID_PARAMETER' in fn.Properties.Environment.Variables));
    expect(handlers.length).toBeGreaterThan(0);
    expect(functions.length - handlers.length).toBe(2);
    for (const fn of handlers) expect(fn.Properties.Environment.Variables.APP_ORIGIN).toBe(`https://${DOMAIN}`);
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: [`https://${DOMAIN}`] })] },
    });
  });

  it('sends Cognito\'s e-mails through SES from the product sender at the verified domain', () => {
    appTemplate(domain).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: `Africa's Learning Platform <no-reply@${DOMAIN}>`,
        SourceArn: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([`:identity/${DOMAIN}`])] }),
      },
    });
    appTemplate(domain).hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: DOMAIN });
  });

  it('reads the Paystack secret from the parameter named by context paystackSecretParameter', () => {
    const template = appTemplate(domain);
    const functions = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } })) as
      { Properties: { Environment: { Variables: Record<string, unknown> } } }[];
    const names = functions.map((fn) => fn.Properties.Environment.Variables.PAYSTACK_SECRET_PARAMETER).filter((v) => v !== undefined);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set([PAYSTACK_PARAMETER]));
    expect(JSON.stringify(template.toJSON())).toContain(`:parameter${PAYSTACK_PARAMETER}`);
    expect(JSON.stringify(template.toJSON())).not.toContain('/paystack/secret-key');
  });

  it('stays cdk-nag clean (CFR3/CFR4 handled for this configuration)', () => {
    const annotations = Annotations.fromStack(domain);
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
  });
});
