/**
 * Who may make Cognito create an account or mail a confirmation code: only the API, through the
 * server's app client (its secret never leaves the sign-up and resend functions). The SPA's client
 * id is public (/config.json), so without these rules anyone could call Cognito's SignUp or
 * ResendConfirmationCode directly, past the API's limits (docs/decisions/2026-11-28-sign-up-through-the-api.md).
 * The Cognito triggers (handlers/pre-sign-up.ts, handlers/custom-message.ts) apply them.
 */

/** What Cognito tells the caller of a refused direct call (inside "PreSignUp failed with error …"). */
export const DIRECT_CALL_REFUSED = 'Sign up and confirmation codes go through the app.';

/** The trigger event fields the rules read (Cognito's PreSignUp and CustomMessage events). */
export interface CognitoCall {
  triggerSource: string;
  callerContext: { clientId: string };
}

export class DirectCallRefused extends Error {
  constructor() {
    super(DIRECT_CALL_REFUSED);
    this.name = 'DirectCallRefused';
  }
}

/**
 * PreSignUp: SignUp only through the server's client. AdminCreateUser (IAM-authorised, no client)
 * stays allowed; federated sign-up (PreSignUp_ExternalProvider) is not used, so it is refused too.
 */
export function checkSignUp(call: CognitoCall, serverClientId: string): void {
  if (call.triggerSource === 'PreSignUp_AdminCreateUser') return;
  if (call.callerContext.clientId !== serverClientId) throw new DirectCallRefused();
}

/**
 * CustomMessage: a resent sign-up code only through the server's client. Cognito invokes the
 * trigger before it sends, and a trigger that fails stops the message (the call answers
 * UserLambdaValidationException). Other messages (password reset, attribute verification) pass.
 */
export function checkMessage(call: CognitoCall, serverClientId: string): void {
  if (call.triggerSource !== 'CustomMessage_ResendCode') return;
  if (call.callerContext.clientId !== serverClientId) throw new DirectCallRefused();
}
