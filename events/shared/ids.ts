import * as z from 'zod';

/**
 * The longest id or reference any contract accepts, in a body, a query, a path or a provider's
 * webhook. The platform's own are UUIDs (36 characters) and references like `ALP-…` under 40;
 * Paystack's are shorter than 100. Unbounded, a 100 KB id would reach DynamoDB, which refuses a
 * key over 2 KB (1 KB for a sort key): a 500 instead of bad input.
 */
export const MAX_ID_LENGTH = 100;

/** An id or reference in a provider's webhook or an event: never empty, never longer than MAX_ID_LENGTH. */
export const BoundedId = z.string().min(1).max(MAX_ID_LENGTH);
