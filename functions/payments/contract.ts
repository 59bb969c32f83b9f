/** Paying by M-Pesa prompt (STK push) without leaving the page: what the SPA sends and reads. */
import * as z from 'zod';
import { paymentMessages } from '../bookings/messages.js';
import { IdText } from '../shared/contract.js';
import { normalizeKenyanMobile } from '../shared/phone.js';
import { PROMPT_FAILURES } from './mpesa-rules.js';

/** The page offers Paybill and the card checkout after this rule (two failed prompts); the SPA reads it from here. */
export { offersPaybill } from './mpesa-rules.js';

/** The payer's side of a prompt for anything paid for (the lesson's booking, a course): the number and how. */
export const MpesaPayment = z.object({
  /** As typed (07…, 01…, +254…, 254…); the server reads it with normalizeKenyanMobile. */
  phone: z.string({ error: paymentMessages.phoneInvalid }).max(20, paymentMessages.phoneInvalid)
    .refine((phone) => normalizeKenyanMobile(phone) !== null, paymentMessages.phoneInvalid),
  /**
   * `prompt` (default): the STK push; `paybill`: no push, the payer pays our Paybill number with
   * the account reference in the answer (Paystack's M-Pesa offline), offered after two failed prompts.
   */
  method: z.enum(['prompt', 'paybill']).optional(),
});
export type MpesaPayment = z.infer<typeof MpesaPayment>;

/** A prompt for a booked lesson (a course's goes through the courses route, which checks the enrolment). */
export const MpesaPromptRequest = MpesaPayment.extend({ bookingId: IdText('booking id') });

export const MpesaPromptParams = z.object({ reference: IdText('payment reference', 'Missing payment reference') });

/**
 * Where a prompt stands for the payer: waiting for the PIN; paid (the booking is confirmed);
 * failed and why (each has its own message in the page); timeout (no answer in 2 minutes: the
 * payer may send it again); refunding (money came but cannot buy the lesson any more, e.g. it was
 * paid another way meanwhile: it goes back).
 */
export const MPESA_PROMPT_STATES = ['waiting', 'paid', ...PROMPT_FAILURES, 'timeout', 'refunding'] as const;
export type MpesaPromptState = (typeof MPESA_PROMPT_STATES)[number];

export const MpesaPromptResponse = z.object({
  reference: z.string(),
  state: z.enum(MPESA_PROMPT_STATES),
  /** The number the prompt went to, masked ("07•• ••• 678"). */
  phone: z.string(),
  /** When the SPA should ask again (ms): the server asks the provider no more often than every 10 s. */
  retryAfterMs: z.number().int().optional(),
  message: z.string().optional(),
  /** Paying by Paybill: the business number and the account reference to enter in M-Pesa's Pay Bill menu. */
  paybill: z.object({ businessNumber: z.string(), accountReference: z.string() }).optional(),
});
export type MpesaPromptResponse = z.infer<typeof MpesaPromptResponse>;
