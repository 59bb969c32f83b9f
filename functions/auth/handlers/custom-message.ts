import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { serverClientId } from '../server-client.js';
import { checkMessage } from '../sign-up-gate.js';

/** Cognito CustomMessage trigger: the text stays Cognito's; throwing stops the message being sent. */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  checkMessage(event, await serverClientId());
  return event;
};
