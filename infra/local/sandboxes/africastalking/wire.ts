/**
 * Africa's Talking's SMS wire format, as the sandbox speaks it (developers.africastalking.com/docs/sms):
 * the send answer and its recipient status codes, and the delivery report form it posts.
 */

/** Recipient status codes of a send answer (101 is the only success). */
export const STATUS_NAMES: Record<number, string> = {
  101: 'Success', 403: 'InvalidPhoneNumber', 405: 'InsufficientBalance', 500: 'InternalServerError',
};

export type ReportStatus = 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed';

/**
 * Test numbers with a fixed fate, as a tester needs them (every other Kenyan number is accepted and
 * delivered: Submitted, then Success):
 *   +254700000403  refused at send: 403 InvalidPhoneNumber
 *   +254700000405  refused at send: 405 InsufficientBalance
 *   +254700000500  refused at send: 500 InternalServerError
 *   +254700000001  accepted, then Submitted and Failed (DeliveryFailure)
 *   +254700000002  accepted, then Rejected (UserInBlackList)
 *   +254700000003  accepted, then Sent, Buffered (phone off) and Success
 */
export function fateOf(number: string): { sendCode: number; reports: Array<{ status: ReportStatus; failureReason?: string }> } {
  switch (number) {
    case '+254700000403': return { sendCode: 403, reports: [] };
    case '+254700000405': return { sendCode: 405, reports: [] };
    case '+254700000500': return { sendCode: 500, reports: [] };
    case '+254700000001': return { sendCode: 101, reports: [{ status: 'Submitted' }, { status: 'Failed', failureReason: 'DeliveryFailure' }] };
    case '+254700000002': return { sendCode: 101, reports: [{ status: 'Rejected', failureReason: 'UserInBlackList' }] };
    case '+254700000003': return { sendCode: 101, reports: [{ status: 'Sent' }, { status: 'Buffered' }, { status: 'Success' }] };
    default: return { sendCode: /^\+\d{10,15}$/.test(number) ? 101 : 403, reports: [{ status: 'Submitted' }, { status: 'Success' }] };
  }
}

export interface SandboxSms {
  messageId: string;
  to: string;
  from: string;
  text: string;
  at: string;
  statusCode: number;
  /** The delivery reports posted to the callback, in order, with our callback's answer. */
  reports: Array<{ status: ReportStatus; failureReason?: string; httpStatus?: number; error?: string; at: string }>;
}

/** 160 GSM-7 characters per page, 153 once split; a non-GSM character makes it UCS-2 (70/67). */
export function smsPages(text: string): number {
  const gsm = /^[\n\r\x20-\x7e£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€]*$/.test(text);
  const [one, many] = gsm ? [160, 153] : [70, 67];
  return text.length <= one ? 1 : Math.ceil(text.length / many);
}

/** The answer to POST /version1/messaging, HTTP 201. */
export function sendAnswer(recipients: Array<{ number: string; statusCode: number; messageId: string; pages: number }>) {
  const sent = recipients.filter((r) => r.statusCode === 101);
  const cost = (r: { pages: number }) => `KES ${(0.8 * r.pages).toFixed(4)}`;
  const total = sent.reduce((sum, r) => sum + 0.8 * r.pages, 0);
  return {
    SMSMessageData: {
      Message: `Sent to ${sent.length}/${recipients.length} Total Cost: KES ${total.toFixed(4)}`,
      Recipients: recipients.map((r) => ({
        statusCode: r.statusCode,
        number: r.number,
        status: STATUS_NAMES[r.statusCode] ?? 'Failed',
        cost: r.statusCode === 101 ? cost(r) : '0',
        messageId: r.statusCode === 101 ? r.messageId : 'None',
      })),
    },
  };
}
