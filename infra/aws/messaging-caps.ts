/**
 * The messaging caps on AWS (functions/messaging/channels.ts): CDK context sets them on the
 * functions that can send SMS or WhatsApp, so an operator changes a cap with a deploy instead of
 * editing Lambda environments by hand (which the next deploy would undo):
 *
 *   -c messagingUserDailyCap=20 -c messagingPlatformDailyCap=20000 -c messagingWhatsAppCostKes=1
 *
 * A key left out sets nothing and the function keeps the code's default (DEFAULT_CAPS).
 */
import { CAPS_ENV, type MessagingCaps } from '../../functions/messaging/channels.js';

export const MESSAGING_CAPS_CONTEXT_KEYS: Record<keyof MessagingCaps, string> = {
  perUserPerDay: 'messagingUserDailyCap',
  platformPerDay: 'messagingPlatformDailyCap',
  whatsAppCostKes: 'messagingWhatsAppCostKes',
};

/** The environment of the functions holding messaging:sms or messaging:whatsapp; a bad value stops the synth. */
export function messagingCapsEnvironment(context: (key: string) => unknown): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const field of Object.keys(MESSAGING_CAPS_CONTEXT_KEYS) as Array<keyof MessagingCaps>) {
    const key = MESSAGING_CAPS_CONTEXT_KEYS[field];
    const value = context(key);
    if (value === undefined || value === '') continue;
    const number = Number(value);
    const whole = field !== 'whatsAppCostKes';
    if (!Number.isFinite(number) || number < 0 || (whole && !Number.isInteger(number))) {
      throw new Error(`-c ${key} must be a ${whole ? 'whole number' : 'number'} of at least 0, got "${String(value)}"`);
    }
    environment[CAPS_ENV[field]] = String(number);
  }
  return environment;
}
