/**
 * Cognito: the user pool (e-mail sign-in, the spec's password policy), the role groups, the SPA's
 * public app client, and the API's own client with the triggers that keep sign-up and resent
 * codes to it (docs/decisions/2026-11-28-sign-up-through-the-api.md).
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { APP_NAME, mfaPolicy, passwordPolicy, USER_GROUPS } from '../definitions.js';
import type { Email } from './email.js';
import { AppFunction } from './function.js';
import { parameterArn } from './grants.js';

/** The user pool's Lambda triggers (functions/auth/sign-up-gate.ts has their rules). */
export const COGNITO_TRIGGERS = [
  {
    id: 'PreSignUp', operation: cognito.UserPoolOperation.PRE_SIGN_UP, handler: 'auth/handlers/pre-sign-up',
    description: 'Cognito pre-sign-up: only the API\'s server client signs people up',
  },
  {
    id: 'CustomMessage', operation: cognito.UserPoolOperation.CUSTOM_MESSAGE, handler: 'auth/handlers/custom-message',
    description: 'Cognito custom message: only the API resends sign-up codes',
  },
] as const;

/** Where the Cognito triggers find the server client's id (they cannot reference the client: the pool references them). */
export function serverClientIdParameterName(stage: string): string {
  return `/${APP_NAME}/${stage}/cognito/server-client-id`;
}

/** Lower precedence wins when a user is in several groups (Cognito's `cognito:preferred_role`). */
const GROUP_PRECEDENCE: Record<(typeof USER_GROUPS)[number], number> = { super_admin: 0, tutor: 10, parent: 15, student: 20 };

export interface IdentityProps {
  stage: string;
  /**
   * Send Cognito's e-mails (sign-up confirmation codes, password resets) through SES from the
   * product's sender identity (email.ts; the stack's default). Without it Cognito's built-in
   * sender is used, which is capped at a few dozen e-mails a day: a trial without a verified
   * sender, not a launch.
   */
  ses?: Email;
}

export class Identity extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** The API's client: SignUp and ResendConfirmationCode with its secret (functions/auth/server-client.ts). */
  readonly serverClient: cognito.UserPoolClient;
  readonly triggers: AppFunction[];
  readonly groups: cognito.UserPoolGroup[];

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${APP_NAME}-${props.stage}-users`,
      // POST /api/auth/sign-up calls Cognito's SignUp (which sends the confirmation e-mail
      // itself), so self sign-up must be on; the pre-sign-up trigger refuses every client but the
      // API's server client.
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        // Not `required`: required attributes can never be changed on an existing pool, and
        // the sign-up API already validates first and last name.
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: passwordPolicy.minLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: props.ses
        ? cognito.UserPoolEmail.withSES({
          fromEmail: props.ses.from,
          fromName: 'Africa\'s Learning Platform',
          sesRegion: Aws.REGION,
          // A domain identity covers every address at it; without one the address is the identity.
          ...(props.ses.domain ? { sesVerifiedDomain: props.ses.domain } : {}),
        })
        : cognito.UserPoolEmail.withCognito(),
      mfa: mfaPolicy.configuration === 'OPTIONAL' ? cognito.Mfa.OPTIONAL : cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: mfaPolicy.totp, sms: mfaPolicy.sms },
      // Lite: nothing Essentials adds is used (docs/operations.md "Cost model": a third of the price at scale).
      featurePlan: cognito.FeaturePlan.LITE,
      deletionProtection: true,
      // Accounts are the product's users: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFormation refuses a pool whose SES source identity does not exist yet.
    if (props.ses) this.userPool.node.addDependency(props.ses.identity);

    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product\'s password rule is "at least 8 characters and not on the shipped list of common passwords" '
          + 'with no character classes (docs/decisions/2026-11-27-password-policy-8-and-common.md); the pool holds the length, '
          + 'the sign-up contract and the SPA\'s forms the list, with the product\'s messages. '
          + 'infra/aws/definitions.ts passwordPolicy is the single source for AWS and the local emulator.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA is OPTIONAL at pool level (TOTP only): students and tutors sign in with e-mail + password '
          + 'only, while super admins, who see identity documents and move money, must set up TOTP: '
          + 'every admin route refuses a super admin without it (functions/auth/mfa.ts, checked in httpRoute).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Lite feature plan: Plus (threat protection) is billed per monthly active user at several times Lite\'s price; '
          + 'per-IP limits in WAF and per-user limits in the API stand in for it (docs/operations.md "Cost model").',
      },
    ]);

    this.groups = USER_GROUPS.map((group) => this.userPool.addGroup(`Group-${group}`, {
      groupName: group,
      description: `Role ${group}: the cognito:groups claim handlers authorise on.`,
      precedence: GROUP_PRECEDENCE[group],
    }));

    this.client = this.userPool.addClient('SpaClient', {
      userPoolClientName: `${APP_NAME}-${props.stage}-spa`,
      // A browser app cannot keep a secret.
      generateSecret: false,
      // SRP on AWS (the password never leaves the browser); refresh-token auth is always added by
      // CDK. USER_PASSWORD_AUTH exists only on the local emulator's client: the emulator does not verify SRP proofs.
      // ADMIN_USER_PASSWORD_AUTH needs IAM credentials: only the payout-details Lambda uses it, to
      // check the password again before details change (grant identity:password-check).
      authFlows: { userSrp: true, userPassword: false, adminUserPassword: true, custom: false },
      // The SPA signs in with SRP through Amplify (no hosted UI, no redirects): without this CDK
      // would add the OAuth code and implicit flows with the callback https://example.com.
      disableOAuth: true,
      // Sign-in and password recovery answer "incorrect username or password" whether or not the
      // account exists. SignUp still reports UsernameExistsException, which the sign-up API maps
      // to the product's "An account with this email already exists" message.
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, givenName: true, familyName: true }),
      writeAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, givenName: true, familyName: true }),
    });

    this.serverClient = this.userPool.addClient('ServerClient', {
      userPoolClientName: `${APP_NAME}-${props.stage}-server`,
      // Cognito then requires SECRET_HASH on SignUp and ResendConfirmationCode: only a holder of the
      // secret (the sign-up and resend functions, grant identity:sign-up) can use this client.
      generateSecret: true,
      // Nobody signs in with it: CDK keeps only refresh-token auth, and no token is ever issued.
      authFlows: { userSrp: false, userPassword: false, adminUserPassword: false, custom: false },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      readAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true }),
      // What SignUp sets (functions/auth/identity.ts registerIdentity).
      writeAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, givenName: true, familyName: true }),
    });

    const parameterName = serverClientIdParameterName(props.stage);
    new ssm.StringParameter(this, 'ServerClientIdParameter', {
      parameterName,
      stringValue: this.serverClient.userPoolClientId,
      description: 'Id of the API\'s Cognito app client, read by the pre-sign-up and custom-message triggers',
    });
    this.triggers = COGNITO_TRIGGERS.map(({ id, operation, handler, description }) => {
      const fn = new AppFunction(this, id, {
        handler,
        description,
        serviceName: 'auth',
        environment: { USER_POOL_SERVER_CLIENT_ID_PARAMETER: parameterName },
        // Cognito waits at most 5 s for a trigger.
        timeout: Duration.seconds(5),
      });
      fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn(parameterName)] }));
      this.userPool.addTrigger(operation, fn.function);
      return fn;
    });
  }

  /** JWT issuer of the pool's tokens (what API Gateway and the local gateway verify). */
  get issuerUrl(): string {
    return `https://cognito-idp.${this.userPool.stack.region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
