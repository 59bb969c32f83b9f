/**
 * The product's outside providers, one entry each: the grant that gives a function the provider,
 * its production API, where its secret lives on AWS and what the operator must be told after a
 * deploy. CDK (stack.ts, constructs/grants.ts) loops over this list; the local stack keeps its own
 * registry of sandboxes keyed by these ids (infra/local/sandboxes/index.ts, which the compiler
 * holds to this list). Adding a provider is one entry here, its adapter (functions/<domain>/…,
 * reading the environment of functions/shared/integration-env.ts through
 * functions/shared/secrets.ts) and its sandbox entry there.
 */
import { routes, type Grant } from '../../functions/routes.js';
import { providerEnvNames } from '../../functions/shared/integration-env.js';
import { APP_NAME } from './definitions.js';

/**
 * Where a provider's API is on AWS: one URL for everyone (Paystack), or, for a provider each
 * operator runs or rents themselves (a BigBlueButton server), a CDK context key naming theirs.
 */
export type IntegrationBaseUrl =
  | { productionBaseUrl: string; baseUrlContextKey?: never }
  | { productionBaseUrl?: never; baseUrlContextKey: string; /** Shown in the synth warning and the output. */ baseUrlExample: string };

export type Integration = IntegrationBase & IntegrationBaseUrl;

interface IntegrationBase {
  /** Lower-case id; names the environment (PAYSTACK_…), the default SSM parameter and the outputs. */
  id: string;
  /** As people write it, for outputs and messages. */
  name: string;
  /** The route/consumer grant (functions/routes.ts) that gives a function this provider. */
  grant: Grant;
  /** CDK context key naming another SSM parameter for the secret (`cdk deploy -c <key>=/name`). */
  secretParameterContextKey: string;
  /** Further stack outputs the operator needs, e.g. the webhook URL for the provider's dashboard. */
  outputs(appOrigin: string): Array<{ id: string; value: string; description: string }>;
}

const paystack = {
  id: 'paystack',
  name: 'Paystack',
  grant: 'payments:secret',
  productionBaseUrl: 'https://api.paystack.co',
  secretParameterContextKey: 'paystackSecretParameter',
  outputs: (appOrigin) => [{
    id: 'PaystackWebhookUrl',
    value: `${appOrigin}${routes.paystackWebhook.path}`,
    description: 'Webhook URL to enter in the Paystack dashboard',
  }],
} as const satisfies Integration;

const bigbluebutton = {
  id: 'bigbluebutton',
  name: 'BigBlueButton',
  grant: 'live:video',
  baseUrlContextKey: 'bigBlueButtonUrl',
  baseUrlExample: 'https://bbb.example.com/bigbluebutton/api',
  secretParameterContextKey: 'bigBlueButtonSecretParameter',
  outputs: () => [],
} as const satisfies Integration;

/**
 * SMS. Its SSM SecureString holds the account's credentials as JSON (functions/messaging/africastalking.ts):
 * username, apiKey, an optional senderId, and the callbackToken that authenticates delivery reports.
 */
const africastalking = {
  id: 'africastalking',
  name: "Africa's Talking",
  grant: 'messaging:sms',
  productionBaseUrl: 'https://api.africastalking.com',
  secretParameterContextKey: 'africasTalkingSecretParameter',
  outputs: (appOrigin) => [{
    id: 'AfricasTalkingDeliveryReportsUrl',
    value: `${appOrigin}${routes.africasTalkingDeliveryReport.path}`,
    description: "SMS delivery reports callback URL to enter in the Africa's Talking dashboard, {token} being the callbackToken of its SSM parameter",
  }],
} as const satisfies Integration;

/**
 * WhatsApp. Its SSM SecureString holds JSON (functions/messaging/whatsapp.ts): phoneNumberId,
 * accessToken, appSecret (webhook signatures) and verifyToken (webhook subscription).
 */
const whatsapp = {
  id: 'whatsapp',
  name: 'WhatsApp Cloud API',
  grant: 'messaging:whatsapp',
  productionBaseUrl: 'https://graph.facebook.com',
  secretParameterContextKey: 'whatsAppSecretParameter',
  outputs: (appOrigin) => [{
    id: 'WhatsAppWebhookUrl',
    value: `${appOrigin}${routes.whatsAppWebhook.path}`,
    description: "Callback URL to enter in the Meta app's WhatsApp webhook configuration (with the verifyToken of its SSM parameter)",
  }],
} as const satisfies Integration;

export const integrations = [paystack, bigbluebutton, africastalking, whatsapp] as const satisfies readonly Integration[];

/**
 * An AWS service used as a provider (Amazon Bedrock): no secret and no base URL on AWS, where the
 * function's role signs its calls (SigV4) and IAM names the resources (infra/aws/constructs/grants.ts).
 * Locally its sandbox answers at the SDK's per-service endpoint variable instead (endpointEnv).
 */
export interface AwsServiceIntegration {
  id: string;
  name: string;
  grant: Grant;
  /** The SDK's per-service endpoint variable the local stack points at the sandbox (AWS_ENDPOINT_URL_…). */
  endpointEnv: string;
}

const bedrock = {
  id: 'bedrock',
  name: 'Amazon Bedrock',
  grant: 'ai:invoke',
  endpointEnv: 'AWS_ENDPOINT_URL_BEDROCK_RUNTIME',
} as const satisfies AwsServiceIntegration;

export const awsServices = [bedrock] as const satisfies readonly AwsServiceIntegration[];

export type IntegrationId = (typeof integrations)[number]['id'];
export type AwsServiceId = (typeof awsServices)[number]['id'];
/** Every outside provider's id: the local registry of sandboxes has one entry for each. */
export type ProviderId = IntegrationId | AwsServiceId;
/** The grants that stand for a provider (`payments:secret`, `live:video`). */
export type IntegrationGrant = (typeof integrations)[number]['grant'];

export function integrationForGrant(grant: Grant): Integration | undefined {
  return integrations.find((i) => i.grant === grant);
}

export function isIntegrationGrant(grant: Grant): grant is IntegrationGrant {
  return integrationForGrant(grant) !== undefined;
}

/** /alp/{stage}/{id}/secret-key, unless the operator names another one. */
export function defaultSecretParameter(integration: Pick<Integration, 'id'>, stage: string): string {
  return `/${APP_NAME}/${stage}/${integration.id}/secret-key`;
}

const outputPrefix = (integration: Pick<Integration, 'name'>) => integration.name.replace(/[^A-Za-z0-9]/g, '');
/** Output id of a provider's secret parameter name, e.g. PaystackSecretParameter. */
export const secretParameterOutputId = (integration: Pick<Integration, 'name'>) => `${outputPrefix(integration)}SecretParameter`;
/** Output id of the API URL of a provider the operator names (BigBlueButtonApiUrl). */
export const apiUrlOutputId = (integration: Pick<Integration, 'name'>) => `${outputPrefix(integration)}ApiUrl`;

/** What CDK needs to know of each provider on AWS. */
export interface IntegrationTarget {
  secretParameterName: string;
  /** undefined: the operator has not named their server yet (the functions then answer "not configured"). */
  baseUrl: string | undefined;
}

/**
 * The API URL of a provider on AWS: its production URL, or the operator's from CDK context
 * (`-c bigBlueButtonUrl=https://…`), which must be HTTPS: browsers give camera and microphone
 * only to secure pages, and the shared secret's checksums must not cross the network in clear.
 */
export function integrationBaseUrl(integration: Integration, context: (key: string) => unknown): string | undefined {
  if (integration.productionBaseUrl !== undefined) return integration.productionBaseUrl;
  const value = context(integration.baseUrlContextKey);
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(String(value));
  } catch { /* below */ }
  if (url?.protocol !== 'https:' || url.username || url.password || url.search || url.hash) {
    throw new Error(`-c ${integration.baseUrlContextKey} must be the HTTPS API URL of your ${integration.name} server, e.g. ${integration.baseUrlExample}; got "${String(value)}"`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** The environment a provider's grant implies on AWS: its API and the name (never the value) of its secret. */
export function integrationEnvironment(integration: Pick<Integration, 'id'>, target: IntegrationTarget): Record<string, string> {
  const names = providerEnvNames(integration.id);
  return {
    [names.secretParameter]: target.secretParameterName,
    ...(target.baseUrl === undefined ? {} : { [names.baseUrl]: target.baseUrl }),
  };
}
