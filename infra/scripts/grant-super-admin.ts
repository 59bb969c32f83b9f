/**
 * Makes an existing account a super admin: `npm run admin:grant -- someone@example.com`.
 *
 * Locally (no USER_POOL_ID in the environment) it finds the local stack's resources itself;
 * the local stack (npm start) or at least its emulator must be running.
 * Against AWS, export the stack outputs first:
 *   USER_POOL_ID=… TABLE_NAME=… AWS_REGION=… npm run admin:grant -- someone@example.com
 */
import { useLocalStackUnlessSet } from './stack-environment.js';

async function main() {
  const email = process.argv[2];
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run admin:grant -- <email of an existing account>');
    process.exit(2);
  }
  await useLocalStackUnlessSet('USER_POOL_ID');
  // Imported after the environment is set: the service reads it to reach Cognito and DynamoDB.
  const { grantSuperAdmin } = await import('../../functions/admin/service.js');
  const operator = process.env.USER ?? 'unknown';
  const profile = await grantSuperAdmin(email, `cli:${operator}`);
  console.log(`${profile.email} is now a super admin (${profile.firstName} ${profile.lastName}). They get the new role at their next sign-in.`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
