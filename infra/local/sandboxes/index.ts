/**
 * The local stand-in of each outside provider, keyed by the provider ids of the production
 * registry (infra/aws/integrations.ts): its port, its fake secret and how it starts. The compiler
 * holds this registry to that one (`satisfies` below), so a provider added there without a
 * sandbox here, or a sandbox here for no provider, does not build. The local stack (stack.ts)
 * loops over both; the CDK app never imports this side.
 */
import { routes } from '../../../functions/routes.js';
import { providerEnvNames } from '../../../functions/shared/integration-env.js';
import type { AwsServiceId, IntegrationId } from '../../aws/integrations.js';
import {
  LOCAL_AFRICASTALKING_CREDENTIALS, LOCAL_BIGBLUEBUTTON_SECRET, LOCAL_PAYSTACK_SECRET_KEY, LOCAL_WHATSAPP_CREDENTIALS,
} from './secrets.js';

export interface RunningSandbox {
  /** Where a person looks (checkout pages, a transaction list …), printed in the start banner. */
  url: string;
  /** What the adapter calls instead of the production API ({ID}_BASE_URL). */
  apiUrl: string;
  /** One line for the start banner. */
  describe: string;
  close(): Promise<void>;
}

interface SandboxPort {
  /** Port variable and default of its sandbox (`npm test` sets other ports). */
  portEnv: string;
  defaultPort: number;
}

/** A provider the adapter reaches at a base URL with a secret (Paystack, BigBlueButton). */
export interface SecretSandboxEntry extends SandboxPort {
  /** The sandbox's secret (secrets.ts). */
  secretValue: string;
  start(options: { port: number; secretValue: string; appOrigin: string }): Promise<RunningSandbox>;
}

/** An AWS service: the SDK's endpoint variable points at the sandbox (Bedrock). */
export interface AwsServiceSandboxEntry extends SandboxPort {
  start(options: { port: number; appOrigin: string }): Promise<RunningSandbox>;
}

// Each sandbox is imported when it starts: tests and scripts that only read ports load none of them.
export const sandboxes = {
  paystack: {
    portEnv: 'ALP_PAYSTACK_PORT',
    defaultPort: 4010,
    secretValue: LOCAL_PAYSTACK_SECRET_KEY,
    async start({ port, secretValue, appOrigin }) {
      const { startPaystackSandbox } = await import('./paystack/server.js');
      // Webhooks go to the gateway, as Paystack calls API Gateway.
      const webhookUrl = `${appOrigin}${routes.paystackWebhook.path}`;
      const sandbox = await startPaystackSandbox({ port, secretKey: secretValue, webhookUrl });
      return {
        url: sandbox.url,
        apiUrl: sandbox.apiUrl,
        describe: `Paystack sandbox ${sandbox.url} (checkout pages; M-Pesa prompts: ${sandbox.url}/mpesa/2547XXXXXXXX; webhooks go to ${webhookUrl})`,
        close: () => sandbox.close(),
      };
    },
  },
  bigbluebutton: {
    portEnv: 'ALP_BIGBLUEBUTTON_PORT',
    defaultPort: 4030,
    secretValue: LOCAL_BIGBLUEBUTTON_SECRET,
    async start({ port, secretValue, appOrigin }) {
      const { startBigBlueButtonSandbox } = await import('./bigbluebutton/server.js');
      const sandbox = await startBigBlueButtonSandbox({ port, secret: secretValue, appOrigin });
      return {
        url: sandbox.url,
        apiUrl: sandbox.apiUrl,
        describe: `BigBlueButton sandbox ${sandbox.apiUrl} (join links open its classroom page at ${sandbox.url}/classroom/…)`,
        close: () => sandbox.close(),
      };
    },
  },
  africastalking: {
    portEnv: 'ALP_AFRICASTALKING_PORT',
    defaultPort: 4050,
    secretValue: LOCAL_AFRICASTALKING_CREDENTIALS,
    async start({ port, secretValue, appOrigin }) {
      const { startAfricasTalkingSandbox } = await import('./africastalking/server.js');
      const { username, apiKey, callbackToken } = JSON.parse(secretValue) as Record<string, string>;
      // Delivery reports go to the gateway, as Africa's Talking calls API Gateway.
      const callbackUrl = `${appOrigin}${routes.africasTalkingDeliveryReport.path.replace('{token}', callbackToken!)}`;
      const sandbox = await startAfricasTalkingSandbox({ port, username: username!, apiKey: apiKey!, callbackUrl });
      return {
        url: sandbox.url,
        apiUrl: sandbox.apiUrl,
        describe: `Africa's Talking SMS sandbox: phones' inboxes at ${sandbox.url}/inbox (delivery reports go to the gateway)`,
        close: () => sandbox.close(),
      };
    },
  },
  whatsapp: {
    portEnv: 'ALP_WHATSAPP_PORT',
    defaultPort: 4060,
    secretValue: LOCAL_WHATSAPP_CREDENTIALS,
    async start({ port, secretValue, appOrigin }) {
      const { startWhatsAppSandbox } = await import('./whatsapp/server.js');
      const { phoneNumberId, accessToken, appSecret } = JSON.parse(secretValue) as Record<string, string>;
      const webhookUrl = `${appOrigin}${routes.whatsAppWebhook.path}`;
      const sandbox = await startWhatsAppSandbox({ port, phoneNumberId: phoneNumberId!, accessToken: accessToken!, appSecret: appSecret!, webhookUrl });
      return {
        url: sandbox.url,
        apiUrl: sandbox.apiUrl,
        describe: `WhatsApp Cloud API sandbox: phones' inboxes at ${sandbox.url}/inbox (status webhooks go to ${webhookUrl})`,
        close: () => sandbox.close(),
      };
    },
  },
  bedrock: {
    portEnv: 'ALP_BEDROCK_PORT',
    defaultPort: 4040,
    async start({ port }) {
      const { startBedrockSandbox } = await import('./bedrock/server.js');
      const sandbox = await startBedrockSandbox({ port, mode: process.env.ALP_BEDROCK_SANDBOX_MODE });
      return {
        url: sandbox.url,
        apiUrl: sandbox.url,
        describe: `Bedrock sandbox ${sandbox.url} (Converse API; quizzes from the banks${sandbox.mode === 'normal' ? '' : `, mode ${sandbox.mode}`})`,
        close: () => sandbox.close(),
      };
    },
  },
} satisfies Record<IntegrationId, SecretSandboxEntry> & Record<AwsServiceId, AwsServiceSandboxEntry>;

/** The environment a provider's sandbox implies locally: the sandbox's API and the fake secret itself. */
export function localIntegrationEnvironment(id: IntegrationId, sandbox: Pick<RunningSandbox, 'apiUrl'>, secretValue: string) {
  const names = providerEnvNames(id);
  return { [names.baseUrl]: sandbox.apiUrl, [names.secretValue]: secretValue };
}
