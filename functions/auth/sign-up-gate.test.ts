import { describe, expect, it } from 'vitest';
import { checkMessage, checkSignUp, DirectCallRefused } from './sign-up-gate.js';

const SERVER = 'server-client';
const SPA = 'spa-client';
const call = (triggerSource: string, clientId: string) => ({ triggerSource, callerContext: { clientId } });

describe('sign-up gate', () => {
  it('lets the API\'s server client sign people up', () => {
    expect(() => checkSignUp(call('PreSignUp_SignUp', SERVER), SERVER)).not.toThrow();
  });

  it('refuses a sign-up made directly with the SPA\'s public client id', () => {
    expect(() => checkSignUp(call('PreSignUp_SignUp', SPA), SERVER)).toThrow(DirectCallRefused);
  });

  it('refuses federated sign-up, which the product does not offer', () => {
    expect(() => checkSignUp(call('PreSignUp_ExternalProvider', SPA), SERVER)).toThrow(DirectCallRefused);
  });

  it('allows accounts an operator creates with IAM credentials', () => {
    expect(() => checkSignUp(call('PreSignUp_AdminCreateUser', 'CLIENT_ID_NOT_APPLICABLE'), SERVER)).not.toThrow();
  });

  it('stops a resent sign-up code asked for with the SPA client, not one asked for by the API', () => {
    expect(() => checkMessage(call('CustomMessage_ResendCode', SPA), SERVER)).toThrow(DirectCallRefused);
    expect(() => checkMessage(call('CustomMessage_ResendCode', SERVER), SERVER)).not.toThrow();
  });

  it('leaves password-reset and sign-up e-mails alone', () => {
    expect(() => checkMessage(call('CustomMessage_ForgotPassword', SPA), SERVER)).not.toThrow();
    expect(() => checkMessage(call('CustomMessage_SignUp', SERVER), SERVER)).not.toThrow();
  });
});
