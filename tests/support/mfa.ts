/**
 * Two-step sign-in for tests, through Cognito's real calls (the emulator checks the codes):
 * enable an authenticator app for a signed-in user, and answer the sign-in challenge.
 */
import {
  AssociateSoftwareTokenCommand, CognitoIdentityProviderClient, InitiateAuthCommand,
  RespondToAuthChallengeCommand, SetUserMFAPreferenceCommand, VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { freshTotp } from './totp.js';

export function cognitoFor(resources: { endpoint: string; region: string }) {
  return new CognitoIdentityProviderClient({
    endpoint: resources.endpoint, region: resources.region,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}

export interface Tokens { accessToken: string; idToken: string; refreshToken: string }

/** AssociateSoftwareToken → VerifySoftwareToken with a generated code → TOTP preferred. Returns the secret. */
export async function enableTotp(client: CognitoIdentityProviderClient, accessToken: string): Promise<string> {
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  const secret = SecretCode!;
  await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: await freshTotp(secret), FriendlyDeviceName: 'tests' }));
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return secret;
}

/** USER_PASSWORD_AUTH, answering a SOFTWARE_TOKEN_MFA challenge with a code from `totpSecret`. */
export async function signInWithPassword(
  client: CognitoIdentityProviderClient, clientId: string, email: string, password: string, totpSecret?: string,
): Promise<Tokens> {
  let out: { AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string }; ChallengeName?: string; Session?: string } =
    await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
  if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error(`${email} has two-step sign-in on: pass its TOTP secret`);
    out = await client.send(new RespondToAuthChallengeCommand({
      ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: out.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await freshTotp(totpSecret) },
    }));
  }
  const r = out.AuthenticationResult;
  if (!r) throw new Error(`sign-in of ${email} stopped at challenge ${out.ChallengeName}`);
  return { accessToken: r.AccessToken!, idToken: r.IdToken!, refreshToken: r.RefreshToken! };
}
