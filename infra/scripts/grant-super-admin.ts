/**
 * Grants super admin to an existing account, pending its enrolment:
 *   npm run admin:grant -- someone@example.com            prints the one-time enrolment code (72 h)
 *   npm run admin:grant -- --revoke someone@example.com   withdraws a pending grant
 * Hand the code to the new admin out of band (not by the account's e-mail): at their next sign-in
 * they enter it and set up an authenticator app, and only then become a super admin. Granting again
 * replaces the pending grant with a new code.
 *
 * Locally (no USER_POOL_ID in the environment) it finds the local stack's resources itself;
 * the local stack (npm start) or at least its emulator must be running.
 * Against AWS, export the stack outputs first:
 *   USER_POOL_ID=… TABLE_NAME=… AWS_REGION=… npm run admin:grant -- someone@example.com
 */
import { useLocalStackUnlessSet } from './stack-environment.js';

async function main() {
  const args = process.argv.slice(2);
  const revoke = args.includes('--revoke');
  const email = args.find((arg) => !arg.startsWith('--'));
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run admin:grant -- [--revoke] <email of an existing account>');
    process.exit(2);
  }
  await useLocalStackUnlessSet('USER_POOL_ID');
  // Imported after the environment is set: the service reads it to reach Cognito and DynamoDB.
  const { issueAdminGrant, revokeAdminGrant } = await import('../../functions/admin/grant-service.js');
  const operator = `cli:${process.env.USER ?? 'unknown'}`;
  if (revoke) {
    const profile = await revokeAdminGrant(email, operator);
    console.log(`The pending super admin grant of ${profile.email} is withdrawn; its enrolment code no longer works.`);
    return;
  }
  const { profile, code, expiresAt } = await issueAdminGrant(email, operator);
  console.log([
    `${profile.email} (${profile.firstName} ${profile.lastName}) is granted super admin, pending enrolment.`,
    `Enrolment code: ${code}`,
    `Give it to them yourself (phone, in person; not by e-mail). It is shown only this once and works until ${expiresAt}.`,
    'At their next sign-in they enter it and set up an authenticator app; only then are they a super admin.',
  ].join('\n'));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
