/**
 * The M-Pesa prompt (STK push through Paystack's Charge API) as a payer lives it (the number it
 * goes to is functions/shared/phone.ts's rule): how often we may ask Paystack about it, when we stop waiting, and what a failed prompt
 * means for the payer. Pure.
 */

/** Paystack asks callers to check a pending charge no more often than every 10 s. */
export const PROMPT_CHECK_INTERVAL_MS = 10_000;
/** An unanswered prompt is given up on the payer's side after this (the phone's own prompt expires sooner). */
export const PROMPT_TIMEOUT_MS = 2 * 60_000;
/** Prompts per payer: a few retries of a cancelled or lost prompt, never a stream of pushes to a phone. */
export const PROMPT_RATE_LIMIT = { group: 'mpesa-prompts', per: 'user', limit: 6, windowSeconds: 900 } as const;

export const PROMPT_FAILURES = ['cancelled', 'unreachable', 'insufficient_funds', 'declined'] as const;
export type PromptFailure = (typeof PROMPT_FAILURES)[number];

/**
 * Why a prompt failed, from the provider's gateway response (M-Pesa's result description passed
 * on: 1032 "Request cancelled by user", 1037 "DS timeout user cannot be reached", 1 "The balance
 * is insufficient for the transaction"). Anything else is a plain decline.
 */
export function promptFailure(gatewayResponse: string | undefined): PromptFailure {
  const text = (gatewayResponse ?? '').toLowerCase();
  if (/\b1032\b|cancel/.test(text)) return 'cancelled';
  if (/\b1037\b|cannot be reached|unreachable|no response from user|ds timeout/.test(text)) return 'unreachable';
  if (/insufficient|balance/.test(text)) return 'insufficient_funds';
  return 'declined';
}

/** Whether we may ask the provider again (never more often than PROMPT_CHECK_INTERVAL_MS). */
export function mayCheckPrompt(lastCheckedAt: string | undefined, now: Date): boolean {
  return !lastCheckedAt || now.getTime() - Date.parse(lastCheckedAt) >= PROMPT_CHECK_INTERVAL_MS;
}

/** True once an unanswered prompt has waited PROMPT_TIMEOUT_MS. */
export function promptTimedOut(promptedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(promptedAt) >= PROMPT_TIMEOUT_MS;
}

/** Failed prompts for one checkout after which Paybill (and the card checkout) is offered: a third push rarely fares better. */
export const PAYBILL_AFTER_FAILURES = 2;

/** Whether the checkout offers Paybill, after `failures` failed prompts (cancelled, unreachable, timeout, insufficient funds, declined). */
export function offersPaybill(failures: number): boolean {
  return failures >= PAYBILL_AFTER_FAILURES;
}
