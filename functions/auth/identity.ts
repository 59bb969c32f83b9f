/** Cognito operations the product needs, in its own words. */
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../shared/aws.js';
import { config } from '../shared/config.js';
import type { Role } from './roles.js';

export interface NewIdentity {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Cognito's public SignUp: it sends the confirmation e-mail itself. Returns the user's sub. */
export async function registerIdentity(identity: NewIdentity): Promise<string> {
  const out = await cognitoClient().send(new SignUpCommand({
    ClientId: config.userPoolClientId,
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

export async function addToGroup(email: string, role: Role): Promise<void> {
  await cognitoClient().send(new AdminAddUserToGroupCommand({
    UserPoolId: config.userPoolId, Username: email, GroupName: role,
  }));
}

export async function removeFromGroup(email: string, role: Role): Promise<void> {
  await cognitoClient().send(new AdminRemoveUserFromGroupCommand({
    UserPoolId: config.userPoolId, Username: email, GroupName: role,
  }));
}

export async function deleteIdentity(email: string): Promise<void> {
  await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: email }));
}

/** The user's sub, or null when no such user exists. */
export async function findIdentityId(email: string): Promise<string | null> {
  try {
    const out = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: email }));
    return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? out.Username ?? null;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}
