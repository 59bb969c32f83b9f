/**
 * The ONLY module that imports Amplify. Loaded with import() by the session (when a stored
 * session exists), by the API client (for tokens) and by the /auth page; never by the entry.
 * Amplify is configured from /config.json on first use.
 */
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut as amplifySignOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { loadRuntimeConfig, type RuntimeConfig } from '../../shared/runtime-config';
import type { AuthBackend, SessionUser } from './session';
import { totpSetupUri } from './two-step';

let configured: Promise<RuntimeConfig> | undefined;

/** Configures Amplify once from the runtime config; retried on the next call if it failed. */
export function ensureAmplify(): Promise<RuntimeConfig> {
  configured ??= loadRuntimeConfig().then(
    (config) => {
      const configure = () =>
        Amplify.configure({
          Auth: {
            Cognito: {
              userPoolId: config.userPoolId,
              userPoolClientId: config.userPoolClientId,
              ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
              loginWith: { email: true },
            },
          },
        });
      if (!config.cognitoEndpoint) {
        configure();
        return config;
      }
      // Only the local stack names an endpoint (its Cognito proxy in front of moto), and Amplify
      // warns on every configure that custom endpoints are unsupported: expected there, and noise
      // on every sign-in page. Its logger is quietened for this one synchronous call only, so any
      // other Amplify warning still reaches the console.
      const level = ConsoleLogger.LOG_LEVEL;
      ConsoleLogger.LOG_LEVEL = 'ERROR';
      try {
        configure();
      } finally {
        ConsoleLogger.LOG_LEVEL = level;
      }
      return config;
    },
    (error: unknown) => {
      configured = undefined;
      throw error;
    },
  );
  return configured;
}

/** A fresh Cognito access token (Amplify refreshes an expired one), or undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  await ensureAmplify();
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}

export async function currentUser(): Promise<SessionUser | null> {
  await ensureAmplify();
  const { tokens } = await fetchAuthSession();
  const sub = tokens?.accessToken.payload.sub;
  if (!tokens || typeof sub !== 'string') return null;
  const email = tokens.idToken?.payload.email;
  return { userId: sub, ...(typeof email === 'string' ? { email } : {}) };
}

export async function signOut(options: { global: boolean }): Promise<void> {
  await ensureAmplify();
  await amplifySignOut({ global: options.global });
}

/** `totp-code`: the account has two-step sign-in; finish with confirmTotpCode(). */
export type SignInOutcome = 'signed-in' | 'confirm-sign-up' | 'totp-code' | 'unsupported-step';

/** E-mail + password sign-in with the flow the environment needs (SRP on AWS, password locally). */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const config = await ensureAmplify();
  const attempt = () =>
    signIn({ username: email, password, options: { authFlowType: config.authFlowType } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (error) {
    // Stale tokens of another user are still stored: drop them locally and try once more.
    if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await amplifySignOut();
    result = await attempt();
  }
  return outcomeOf(result);
}

function outcomeOf(result: Awaited<ReturnType<typeof signIn>>): SignInOutcome {
  if (result.isSignedIn) return 'signed-in';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirm-sign-up';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totp-code';
  return 'unsupported-step';
}

/** The second step of a sign-in: the current code of the user's authenticator app. */
export async function confirmTotpCode(code: string): Promise<SignInOutcome> {
  await ensureAmplify();
  return outcomeOf(await confirmSignIn({ challengeResponse: code }));
}

/** Starts adding an authenticator app for the signed-in user: its secret and the QR code's link. */
export async function startTotpSetup(account: string): Promise<{ secret: string; uri: string }> {
  await ensureAmplify();
  const { sharedSecret } = await setUpTOTP();
  return { secret: sharedSecret, uri: totpSetupUri(sharedSecret, account) };
}

/** Checks a code from the new app, then makes TOTP the factor Cognito asks for at every sign-in. */
export async function finishTotpSetup(code: string): Promise<void> {
  await ensureAmplify();
  await verifyTOTPSetup({ code, options: { friendlyDeviceName: 'Authenticator app' } });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/** New tokens now, not at expiry: after a role change, so the groups claim carries the new role. */
export async function refreshTokens(): Promise<void> {
  await ensureAmplify();
  await fetchAuthSession({ forceRefresh: true });
}

/** Confirms the e-mail; an account that is already confirmed counts as success. */
export async function confirmEmail(email: string, code: string): Promise<void> {
  await ensureAmplify();
  try {
    await confirmSignUp({ username: email, confirmationCode: code });
  } catch (error) {
    const alreadyConfirmed =
      errorName(error) === 'NotAuthorizedException' && /status is CONFIRMED/i.test(errorMessage(error));
    if (!alreadyConfirmed) throw error;
  }
}

/** Cognito e-mails a code to reset the password (Forgot password?). */
export async function requestPasswordReset(email: string): Promise<void> {
  await ensureAmplify();
  await resetPassword({ username: email });
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await ensureAmplify();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}
function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** The AuthBackend the session needs, so `import('./amplify')` satisfies it directly. */
export const backend: AuthBackend = { currentUser, signOut };
