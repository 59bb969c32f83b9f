import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { serverClientId } from '../server-client.js';
import { checkSignUp } from '../sign-up-gate.js';

/** Cognito PreSignUp trigger: throwing refuses the sign-up (the caller gets UserLambdaValidationException). */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  checkSignUp(event, await serverClientId());
  return event;
};
