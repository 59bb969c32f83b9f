/**
 * Text people type, for every contract with free text (names, bio, notes …). A lone UTF-16
 * surrogate (half of an emoji's pair, e.g. "\ud800") is not text: it cannot be encoded as UTF-8,
 * so Cognito, DynamoDB and e-mail would fail on it later. Such input is refused here as bad input.
 * zod and nothing else: the SPA's forms use the same schemas.
 */
import * as z from 'zod';

export const notTextMessage = 'Contains a character that is not valid text. Please retype it.';

/** With the u flag a valid pair is one code point, so only a lone surrogate matches. */
const loneSurrogate = /\p{Surrogate}/u;

export const isWellFormedText = (value: string) => !loneSurrogate.test(value);

/** `z.string()` for user text: refuses lone surrogates; chain `.trim()`, `.min()`, `.max()` as usual. */
export const userText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isWellFormedText, notTextMessage);
