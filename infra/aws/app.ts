/**
 * CDK entry point (cdk.json: `npx tsx infra/aws/app.ts`). One environment-agnostic stack per stage;
 * `cdk deploy` uses the account and region of the caller's credentials.
 *
 * Context (all optional; `-c key=value` or cdk.json):
 *   stage                  stage name, default "prod" → stack "alp-prod"
 *   supportPhone           phone number on the sign-in dialog and Help/Contact pages (config.json)
 *   supportEmail           support e-mail address on the Help/Contact pages (config.json)
 *   emailDomain            the product's e-mail domain: the stack creates its SES identity with
 *                          DKIM (records as outputs) and sends from no-reply@<emailDomain>
 *   emailFrom              the sender address; without emailDomain the stack creates the SES
 *                          identity of this address (SES mails it a verification link).
 *                          One of emailDomain and emailFrom is required.
 *   cognitoEmailViaSes     default "true": Cognito's confirmation/reset e-mails go through SES
 *                          from the sender; "false" only for a trial (Cognito's own sender is
 *                          capped at a few dozen e-mails a day)
 *   domainName             custom domain of the app, together with
 *   certificateArn         its ACM certificate in us-east-1
 *   cloudFrontAccessLogs   "true"/"false"; default true except where CloudFront cannot deliver
 *                          standard logs to a bucket of the deployment region
 *   alarmEmail             an operator's e-mail subscribed to the alarm topic (output AlarmTopicArn)
 *   messagingDailySpendAlarmKes  KES of SMS + WhatsApp in a day above which it alarms (default 3000)
 *   webAclArn              the CloudFront web ACL: output WebAclArn of stack "alp-{stage}-edge"
 *                          (us-east-1), deployed first
 *   paystackWebhookIps     comma-separated CIDRs of Paystack's webhook senders (default in infra/aws/rate-limits.ts)
 */
import { App } from 'aws-cdk-lib';
import { APP_NAME } from './definitions.js';
import { AlpStack, addComplianceChecks } from './stack.js';
import { EdgeStack } from './edge-stack.js';

/** Regions whose S3 buckets CloudFront does not deliver standard logs to (CloudFront docs). */
const NO_CLOUDFRONT_LOG_REGIONS = new Set([
  'af-south-1', 'ap-east-1', 'ap-south-2', 'ap-southeast-3', 'ap-southeast-4', 'ap-southeast-5', 'ap-southeast-7',
  'ca-west-1', 'eu-central-2', 'eu-south-1', 'eu-south-2', 'il-central-1', 'me-central-1', 'me-south-1', 'mx-central-1',
]);

const app = new App();

function context(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

function booleanContext(key: string): boolean | undefined {
  const value = context(key);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`Context ${key} must be "true" or "false", got "${value}"`);
}

const stage = context('stage') ?? 'prod';
if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  throw new Error(`Context stage must be lower-case letters, digits or hyphens (max 20), got "${stage}"`);
}

const domainName = context('domainName');
const certificateArn = context('certificateArn');
if (Boolean(domainName) !== Boolean(certificateArn)) {
  throw new Error('Context domainName and certificateArn go together (the certificate must be in us-east-1).');
}

const emailDomain = context('emailDomain');
const emailFrom = context('emailFrom');
if (!emailDomain && !emailFrom) {
  throw new Error('Context emailDomain (e.g. -c emailDomain=learn.example.com) or emailFrom (an address you can open) is required: '
    + 'the stack creates that SES identity and every e-mail, Cognito\'s codes included, is sent from it (docs/operations.md "Launch checklist").');
}

// Env-agnostic stacks deploy to the CLI's default region, which the CLI also passes here.
const deployRegion = process.env.CDK_DEFAULT_REGION;
const cloudFrontAccessLogs = booleanContext('cloudFrontAccessLogs')
  ?? !(deployRegion !== undefined && NO_CLOUDFRONT_LOG_REGIONS.has(deployRegion));

new EdgeStack(app, `${APP_NAME}-${stage}-edge`, {
  stage,
  paystackWebhookIps: context('paystackWebhookIps')?.split(',').map((ip) => ip.trim()).filter(Boolean),
});

new AlpStack(app, `${APP_NAME}-${stage}`, {
  stage,
  supportPhone: context('supportPhone'),
  supportEmail: context('supportEmail'),
  emailFrom,
  emailDomain,
  cognitoEmailViaSes: booleanContext('cognitoEmailViaSes') ?? true,
  customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
  cloudFrontAccessLogs,
  alarmEmail: context('alarmEmail'),
});

addComplianceChecks(app);

app.synth();
