/**
 * The SMS port. Africa's Talking implements it (africastalking.ts); locally the same adapter talks
 * to its sandbox (infra/local/sandboxes/africastalking/server.ts). A send either returns the
 * provider's message id (the key its delivery reports carry) or throws {@link SmsFailure}.
 */

export interface SmsMessage {
  /** A Kenyan mobile number in any form functions/shared/phone.ts accepts. */
  to: string;
  /** Plain text; one SMS page is 160 GSM-7 characters (templates are held to that). */
  text: string;
}

export interface SmsSent {
  /** The provider's id of this message: its delivery reports name it. */
  messageId: string;
  /** What the provider says it cost, as it wrote it ("KES 0.8000"). */
  cost: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<SmsSent>;
}

/** The provider refused the message or could not be reached; `code` is its status code when it gave one. */
export class SmsFailure extends Error {
  constructor(message: string, readonly code: number | undefined, readonly retryable: boolean) {
    super(message);
    this.name = 'SmsFailure';
  }
}
