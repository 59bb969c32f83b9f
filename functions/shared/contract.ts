/** Response shapes every route shares (functions/shared/http.ts writes them), for the SPA and docs/openapi.json. */
import * as z from 'zod';
import { userText } from './text.js';

/** One field's problem in a 400: `path` is the dotted field name, as forms show it. */
export const FieldProblem = z.object({ path: z.string(), message: z.string() });

/** A 400's details: each field's problem. */
export const FieldDetails = z.object({ fields: z.array(FieldProblem) });

/**
 * A 429's details when a daily quota is spent (the AI study assistant): whose quota (`user`: the
 * caller's own, `platform`: the platform-wide daily cap) and the UTC ISO instant it resets.
 */
export const QuotaDetails = z.object({ scope: z.enum(['user', 'platform']), resetsAt: z.string() });
export type QuotaDetails = z.infer<typeof QuotaDetails>;

/**
 * Every error a handler answers: `{ "error": { "code", "message" } }`; 400s list each field's
 * problem, a spent daily quota's 429 says whose and until when (other 429s: the Retry-After header).
 */
export const ErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.union([FieldDetails, QuotaDetails]).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * What API Gateway itself answers before (or instead of) a handler: 401 without a valid access
 * token, 404 for a path no route matches, 429 when throttled. The local gateway answers the same.
 */
export const GatewayError = z.object({ message: z.string() });

/** The message of a path id that cannot name anything (wrong shape): a 400 like any bad input. */
export const badIdMessage = (what: string) => `This ${what} link is not valid. Please check the address.`;

/**
 * A path id the API made itself: a UUID, or the UUID-shaped hash of a KYC upload (any hex, hence
 * guid rather than uuid). Anything else cannot name a record, so it is refused before a lookup.
 */
export const RecordId = (what: string) => z.guid({ error: badIdMessage(what) });

// The bound lives with the event contracts (events/ imports nothing of functions/); bodies use it too.
import { BoundedId, MAX_ID_LENGTH } from '../../events/shared/ids.js';

export { BoundedId, MAX_ID_LENGTH };

/** The message of an id or reference sent in a body that cannot name anything (e.g. far too long). */
export const badReferenceMessage = (what: string) => `This ${what} is not valid.`;

/**
 * An id or reference a caller sends in a body (`what`: "tutor id", "payment reference"), refused
 * with a clear 400 when empty (`missing`, else the same text) or longer than MAX_ID_LENGTH.
 */
export const IdText = (what: string, missing = badReferenceMessage(what)) =>
  userText({ error: missing }).trim().min(1, missing).max(MAX_ID_LENGTH, badReferenceMessage(what));

