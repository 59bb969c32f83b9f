/**
 * Business metrics: names the functions emit (Powertools Metrics, CloudWatch embedded metric
 * format) and the alarms of infra/aws/constructs/monitoring.ts watch. No imports: infra reads it too.
 */
export const METRICS_NAMESPACE = 'AfricasLearningPlatform';
/** One service dimension for every function, so an alarm sees the metric whichever function emits it. */
export const METRICS_SERVICE = 'alp';

export const BusinessMetric = {
  bookingCreated: 'BookingCreated',
  paymentConfirmed: 'PaymentConfirmed',
  /** A payment whose amount or currency differs from the booking's: recorded, not applied. */
  paymentAmountMismatch: 'PaymentAmountMismatch',
  /** Money taken that no booking can use (hold lost, paid twice): someone must refund it. */
  paymentNeedsRefund: 'PaymentNeedsRefund',
  uploadRefused: 'UploadRefused',
  /** A tutor ended a live class (the lesson then completes). */
  liveClassEnded: 'LiveClassEnded',
  /** The video provider refused or did not answer a create, join or end (the caller got a 502). */
  videoProviderFailed: 'VideoProviderFailed',
  /** A quiz whose questions all came from the model. */
  aiQuizFromModel: 'AiQuizFromModel',
  /** The model was asked but failed, timed out or answered unusably (in part): banks filled in. */
  aiQuizFallback: 'AiQuizFallback',
  /** The model was not asked: a user's daily quota or the platform's daily cap was spent. */
  aiQuotaRefused: 'AiQuotaRefused',
  /** Input + output tokens of every model call (what Bedrock bills). */
  aiModelTokens: 'AiModelTokens',
  /** A study assistant message answered and saved. */
  aiChatMessage: 'AiChatMessage',
  /** A refund asked of the payment provider (cancellation, tutor no-show, super admin). */
  refundRequested: 'RefundRequested',
  /** The provider reported a refund processed: the money is back with the payer. */
  refundProcessed: 'RefundProcessed',
  /** A paid lesson moved to a new time (an accepted proposal). */
  lessonRescheduled: 'LessonRescheduled',
  /** The provider refused a refund or reported it failed: the payer's money stays with us until a super admin retries. */
  refundFailed: 'RefundFailed',
  /** A course certificate issued (once per student and course). */
  certificateIssued: 'CertificateIssued',
  /** A super admin revoked a certificate. */
  certificateRevoked: 'CertificateRevoked',
  /**
   * Paystack did something with money the ledger does not record the same way (a transfer, refund
   * or charge; functions/ledger/reconcile-service.ts), or paid a transfer recorded as failed.
   */
  providerMismatch: 'ProviderMismatch',
  /** An SMS Africa's Talking took (functions/messaging/notify.ts). */
  smsSent: 'SmsSent',
  /** A WhatsApp template message Meta took. */
  whatsAppSent: 'WhatsAppSent',
  /** KES spent on SMS (Africa's Talking's reported cost) and WhatsApp (the configured price per message); alarmed per day. */
  messagingSpendKes: 'MessagingSpendKes',
  /** A channel refused, failed or never delivered: the message went on by the next one. */
  messageFallback: 'MessageFallback',
  /** A user's or the platform's daily SMS/WhatsApp cap was reached: the message went by e-mail. */
  messagingCapReached: 'MessagingCapReached',
} as const;
export type BusinessMetricName = (typeof BusinessMetric)[keyof typeof BusinessMetric];

/** Any of these above zero means a payer's money is stuck until an operator acts. */
export const MONEY_STUCK_METRICS: readonly BusinessMetricName[] = [
  BusinessMetric.paymentAmountMismatch, BusinessMetric.paymentNeedsRefund, BusinessMetric.refundFailed, BusinessMetric.providerMismatch,
];
