/**
 * Demo data for local runs, created through the product's own services so it obeys the same
 * rules as real sign-ups. Idempotent: existing accounts are left alone.
 */
import { AdminConfirmSignUpCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { grantSuperAdmin } from '../../functions/admin/service.js';
import type { SignUpRequest } from '../../functions/auth/contract.js';
import { findIdentityId } from '../../functions/auth/identity.js';
import { signUp } from '../../functions/auth/service.js';
import { clientConfig, type LocalResources } from './provision.js';

export const DEMO_PASSWORD = 'Demo@1234';

export const demoAccounts = {
  student: { accountType: 'student', firstName: 'Wanjiku', lastName: 'Kamau', email: 'student@demo.alp.test', phone: '+254 712 345 678', country: 'Kenya' },
  tutor: { accountType: 'tutor', firstName: 'Otieno', lastName: 'Odhiambo', email: 'tutor@demo.alp.test', phone: '+254 722 111 222', country: 'Kenya' },
  admin: { accountType: 'admin', firstName: 'Amina', lastName: 'Hassan', email: 'admin@demo.alp.test', country: 'Kenya' },
} as const satisfies Record<string, Omit<SignUpRequest, 'password'>>;

async function ensureAccount(resources: LocalResources, account: Omit<SignUpRequest, 'password'>): Promise<boolean> {
  if (await findIdentityId(account.email)) return false;
  await signUp({ ...account, password: DEMO_PASSWORD });
  await new CognitoIdentityProviderClient(clientConfig(resources)).send(new AdminConfirmSignUpCommand({
    UserPoolId: resources.userPoolId, Username: account.email,
  }));
  return true;
}

export async function seed(resources: LocalResources): Promise<void> {
  await ensureAccount(resources, demoAccounts.student);
  await ensureAccount(resources, demoAccounts.tutor);
  await ensureAccount(resources, demoAccounts.admin);
  await grantSuperAdmin(demoAccounts.admin.email, 'seed');
}
