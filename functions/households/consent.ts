/**
 * Consent records (Kenya's Data Protection Act 2019 s.33: a child's data is processed with a
 * parent's consent). One record per learner: which parent consented, when, to which version of
 * the privacy policy, and how. It is written in the same transaction as what it consents to (the
 * learner's Put: keys.ts learnerAdded), so a learner never exists without one.
 */
import * as z from 'zod';

/** The privacy policy a consent is given to; a new version asks for consent again. */
export const PRIVACY_POLICY_VERSION = 'v1';

/** `added-by-parent`: the parent entered the child in My children. */
export const CONSENT_METHODS = ['added-by-parent', 'approved-link'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const Consent = z.object({
  learnerId: z.string(),
  parentId: z.string(),
  consentedAt: z.string(),
  policyVersion: z.string(),
  method: z.enum(CONSENT_METHODS),
});
export type Consent = z.infer<typeof Consent>;

export const ConsentsResponse = z.object({ consents: z.array(Consent), policyVersion: z.string() });
export type ConsentsResponse = z.infer<typeof ConsentsResponse>;

export function consentOf(parentId: string, learnerId: string, at: string, method: ConsentMethod): Consent {
  return { learnerId, parentId, consentedAt: at, policyVersion: PRIVACY_POLICY_VERSION, method };
}
