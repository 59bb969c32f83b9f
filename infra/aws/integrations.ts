/**
 * The product's outside providers, one entry each: the grant that gives a function the provider,
 * its production API, where its secret lives on AWS, what the operator must be told after a
 * deploy, and how its local sandbox starts. CDK (stack.ts, constructs/grants.ts) and the local
 * stack (local/stack.ts) loop over this list, so adding a provider is one entry here plus its
 * adapter (functions/<domain>/…, reading the environment of functions/shared/integration-env.ts
 * through functions/shared/secrets.ts) and its sandbox (infra/local/…).
 */
import { routes, type Grant } from '../../functions/routes.js';
import { providerEnvNames } from '../../functions/shared/integration-env.js';
import { APP_NAME } from './definitions.js';

export interface RunningSandbox {
  /** Where a person looks (checkout pages, a transaction list …), printed in the start banner. */
  url: string;
  /** What the adapter calls instead of the production API ({ID}_BASE_URL). */
  apiUrl: string;
  /** One line for the start banner. */
  describe: string;
  close(): Promise<void>;
}

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
  local: {
    /** Port variable and default of its sandbox (`npm test` sets other ports). */
    portEnv: string;
    defaultPort: number;
    /** The sandbox's secret: deliberately fake and unmistakable, never a real key. */
    secretValue: string;
    start(options: { port: number; secretValue: string; appOrigin: string }): Promise<RunningSandbox>;
  };
}

/**
 * The local Paystack sandbox's secret key. Paystack's test keys start with sk_test_, live keys with
 * sk_live_; this one says what it is. It signs the sandbox's webhooks.
 */
export const LOCAL_PAYSTACK_SECRET_KEY = 'sk_test_local_sandbox_not_a_real_key_0000000000';

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
  local: {
    portEnv: 'ALP_PAYSTACK_PORT',
    defaultPort: 4010,
    secretValue: LOCAL_PAYSTACK_SECRET_KEY,
    async start({ port, secretValue, appOrigin }) {
      // Imported here: CDK never loads the sandbox.
      const { startPaystackSandbox } = await import('../local/sandboxes/paystack/server.js');
      // Webhooks go to the gateway, as Paystack calls API Gateway.
      const webhookUrl = `${appOrigin}${routes.paystackWebhook.path}`;
      const sandbox = await startPaystackSandbox({ port, secretKey: secretValue, webhookUrl });
      return {
        url: sandbox.url,
        apiUrl: sandbox.apiUrl,
        describe: `Paystack sandbox ${sandbox.url} (checkout pages; webhooks go to ${webhookUrl})`,
        close: () => sandbox.close(),
      };
    },
  },
} as const satisfies Integration;

/**
 * The local BigBlueButton sandbox's shared secret. Real ones are 32+ random characters from
 * bbb-install / `bbb-conf --secret`; this one says what it is.
 */
export const LOCAL_BIGBLUEBUTTON_SECRET = 'local-bigbluebutton-sandbox-secret-not-a-real-one';

const bigbluebutton = {
  id: 'bigbluebutton',
  name: 'BigBlueButton',
  grant: 'live:video',
  baseUrlContextKey: 'bigBlueButtonUrl',
  baseUrlExample: 'https://bbb.example.com/bigbluebutton/api',
  secretParameterContextKey: 'bigBlueButtonSecretParameter',
  outputs: () => [],
  local: {
    portEnv: 'ALP_BIGBLUEBUTTON_PORT',
    defaultPort: 4030,
    secretValue: LOCAL_BIGBLUEBUTTON_SECRET,
    async start({ port, secretValue, appOrigin }) {
      // Imported here: CDK never loads the sandbox.
      const { startBigBlueButtonSandbox } = await import('../local/sandboxes/bigbluebutton/server.js');
      const sandbox = await startBigBlueButtonSandbox({ port, secret: secretValue, appOrigin });
      return {
        url: sandbox.url,
        apiUrl: sandbox.apiUrl,
        describe: `BigBlueButton sandbox ${sandbox.apiUrl} (join links open its classroom page at ${sandbox.url}/classroom/…)`,
        close: () => sandbox.close(),
      };
    },
  },
} as const satisfies Integration;

export const integrations = [paystack, bigbluebutton] as const satisfies readonly Integration[];

/**
 * An AWS service used as a provider (Amazon Bedrock): no secret and no base URL on AWS, where the
 * function's role signs its calls (SigV4) and IAM names the resources (infra/aws/constructs/grants.ts).
 * Locally its sandbox answers at the SDK's per-service endpoint variable instead.
 */
export interface AwsServiceIntegration {
  id: string;
  name: string;
  grant: Grant;
  /** The SDK's per-service endpoint variable the local stack points at the sandbox (AWS_ENDPOINT_URL_…). */
  endpointEnv: string;
  local: {
    portEnv: string;
    defaultPort: number;
    start(options: { port: number; appOrigin: string }): Promise<RunningSandbox>;
  };
}

const bedrock = {
  id: 'bedrock',
  name: 'Amazon Bedrock',
  grant: 'ai:invoke',
  endpointEnv: 'AWS_ENDPOINT_URL_BEDROCK_RUNTIME',
  local: {
    portEnv: 'ALP_BEDROCK_PORT',
    defaultPort: 4040,
    async start({ port }) {
      // Imported here: CDK never loads the sandbox.
      const { startBedrockSandbox } = await import('../local/sandboxes/bedrock/server.js');
      const sandbox = await startBedrockSandbox({ port, mode: process.env.ALP_BEDROCK_SANDBOX_MODE });
      return {
        url: sandbox.url,
        apiUrl: sandbox.url,
        describe: `Bedrock sandbox ${sandbox.url} (Converse API; quizzes from the banks${sandbox.mode === 'normal' ? '' : `, mode ${sandbox.mode}`})`,
        close: () => sandbox.close(),
      };
    },
  },
} as const satisfies AwsServiceIntegration;

export const awsServices = [bedrock] as const satisfies readonly AwsServiceIntegration[];

/** Every provider with a local sandbox (the local stack starts each on its port). */
export const localSandboxes = [...integrations, ...awsServices].map(({ id, local }) => ({ id, portEnv: local.portEnv, defaultPort: local.defaultPort }));

export type IntegrationId = (typeof integrations)[number]['id'];
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

/** The environment its sandbox implies locally: the sandbox's API and the fake secret itself. */
export function localIntegrationEnvironment(integration: Pick<Integration, 'id'>, sandbox: Pick<RunningSandbox, 'apiUrl'>, secretValue: string) {
  const names = providerEnvNames(integration.id);
  return { [names.baseUrl]: sandbox.apiUrl, [names.secretValue]: secretValue };
}
