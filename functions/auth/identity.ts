/** Cognito operations the product needs, in its own words. */
import { cognito } from '../shared/aws/cognito.js';
import { config } from '../shared/config.js';
import type { Role } from './roles.js';
import { secretHash, serverClientId, serverClientSecret } from './server-client.js';

export interface NewIdentity {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The server client's id and the SECRET_HASH Cognito requires of it for `username`. */
async function serverClientFor(username: string): Promise<{ ClientId: string; SecretHash: string }> {
  const [id, secret] = await Promise.all([serverClientId(), serverClientSecret()]);
  return { ClientId: id, SecretHash: secretHash(username, id, secret) };
}

/**
 * Cognito's SignUp through the server's app client (the pre-sign-up trigger refuses any other):
 * it sends the confirmation e-mail itself. Returns the user's sub.
 */
export async function registerIdentity(identity: NewIdentity): Promise<string> {
  const { client, sdk } = await cognito();
  const out = await client.send(new sdk.SignUpCommand({
    ...await serverClientFor(identity.email),
    Username: identity.email,
    Password: identity.password,
    UserAttributes: [
      { Name: 'email', Value: identity.email },
      { Name: 'given_name', Value: identity.firstName },
      { Name: 'family_name', Value: identity.lastName },
    ],
  }));
  if (!out.UserSub) throw new Error('Cognito SignUp returned no user id');
  return out.UserSub;
}

/**
 * Mails a new confirmation code to an unconfirmed account, through the server's client (the
 * custom-message trigger stops one asked for with any other). False when there is nothing to send:
 * no such account, or it is already confirmed.
 */
export async function resendConfirmation(email: string): Promise<boolean> {
  const { client, sdk } = await cognito();
  try {
    await client.send(new sdk.ResendConfirmationCodeCommand({ ...await serverClientFor(email), Username: email }));
    return true;
  } catch (error) {
    const name = (error as Error).name;
    // InvalidParameter: "User is already confirmed."
    if (name === 'UserNotFoundException' || name === 'InvalidParameterException') return false;
    throw error;
  }
}

export async function addToGroup(email: string, role: Role): Promise<void> {
  const { client, sdk } = await cognito();
  await client.send(new sdk.AdminAddUserToGroupCommand({
    UserPoolId: config.userPoolId, Username: email, GroupName: role,
  }));
}

export async function removeFromGroup(email: string, role: Role): Promise<void> {
  const { client, sdk } = await cognito();
  await client.send(new sdk.AdminRemoveUserFromGroupCommand({
    UserPoolId: config.userPoolId, Username: email, GroupName: role,
  }));
}

export async function deleteIdentity(email: string): Promise<void> {
  const { client, sdk } = await cognito();
  await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: email }));
}

/** The account can no longer sign in (nor refresh its tokens); enableIdentity undoes it. Both idempotent. */
export async function disableIdentity(email: string): Promise<void> {
  const { client, sdk } = await cognito();
  await client.send(new sdk.AdminDisableUserCommand({ UserPoolId: config.userPoolId, Username: email }));
}

export async function enableIdentity(email: string): Promise<void> {
  const { client, sdk } = await cognito();
  await client.send(new sdk.AdminEnableUserCommand({ UserPoolId: config.userPoolId, Username: email }));
}

/** Revokes the user's refresh tokens on every device (access tokens already issued run out within the hour). */
export async function signOutEverywhere(email: string): Promise<void> {
  const { client, sdk } = await cognito();
  await client.send(new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: email }));
}

/** The user's sub, or null when no such user exists. */
export async function findIdentityId(email: string): Promise<string | null> {
  try {
    const { client, sdk } = await cognito();
    const out = await client.send(new sdk.AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: email }));
    return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? out.Username ?? null;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/**
 * Whether `password` is the user's current password (payout details ask for it again). Cognito's
 * AdminInitiateAuth ADMIN_USER_PASSWORD_AUTH: server-side only, so the SPA client keeps SRP. A
 * two-step challenge comes only after a right password, so it counts as right (the caller is
 * already signed in with their second factor); the tokens Cognito makes here are dropped.
 */
export async function isCurrentPassword(email: string, password: string): Promise<boolean> {
  const { client, sdk } = await cognito();
  try {
    const out = await client.send(new sdk.AdminInitiateAuthCommand({
      UserPoolId: config.userPoolId,
      ClientId: config.userPoolClientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    return Boolean(out.AuthenticationResult ?? out.ChallengeName);
  } catch (error) {
    // Wrong password (or too many tries: Cognito says NotAuthorized "Password attempts exceeded").
    if ((error as Error).name === 'NotAuthorizedException' || (error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}
