/**
 * The sandboxes' secrets: deliberately fake and unmistakable, never real keys. They live on the
 * local side only (the CDK app never sees them); tests sign and check with them from here.
 */

/**
 * The local Paystack sandbox's secret key. Paystack's test keys start with sk_test_, live keys with
 * sk_live_; this one says what it is. It signs the sandbox's webhooks.
 */
export const LOCAL_PAYSTACK_SECRET_KEY = 'sk_test_local_sandbox_not_a_real_key_0000000000';

/**
 * The local BigBlueButton sandbox's shared secret. Real ones are 32+ random characters from
 * bbb-install / `bbb-conf --secret`; this one says what it is.
 */
export const LOCAL_BIGBLUEBUTTON_SECRET = 'local-bigbluebutton-sandbox-secret-not-a-real-one';

/**
 * The local Africa's Talking sandbox's credentials, in the JSON form of the SSM parameter
 * (functions/messaging/africastalking.ts). Africa's Talking's own sandbox account is called
 * "sandbox"; the key and the callback token say what they are.
 */
export const LOCAL_AFRICASTALKING_CREDENTIALS = JSON.stringify({
  username: 'sandbox',
  apiKey: 'atsk_local_sandbox_not_a_real_key_000000000000',
  senderId: 'ALP',
  callbackToken: 'local-sandbox-delivery-reports-token-0000',
});

/** The local WhatsApp Cloud API sandbox's credentials, in the JSON form of the SSM parameter (functions/messaging/whatsapp.ts). */
export const LOCAL_WHATSAPP_CREDENTIALS = JSON.stringify({
  phoneNumberId: '100000000000001',
  accessToken: 'EAAlocal_sandbox_not_a_real_token_000000000000',
  appSecret: 'local-whatsapp-sandbox-app-secret-not-a-real-one',
  verifyToken: 'local-whatsapp-sandbox-verify-token',
});
