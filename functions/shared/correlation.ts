/**
 * The correlation id: one id that follows a request from the HTTP call through every event it
 * publishes to the consumers of those events (and whatever they publish in turn). httpRoute
 * takes it from the caller's `x-correlation-id` (else API Gateway's request id) and answers it
 * in the same header; publishEvent puts it in each event's detail; eventConsumer carries it on.
 * The logger logs it as `correlation_id` in every line.
 *
 * Kept per invocation in AsyncLocalStorage rather than a module variable: the local gateway runs
 * many requests at once in one process, and each must publish its own id.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const CORRELATION_HEADER = 'x-correlation-id';

/** What a caller may send: letters, digits and `-_.:/`, up to 128 characters (it ends up in logs). */
const ACCEPTED = /^[\w.:/-]{1,128}$/;

const current = new AsyncLocalStorage<string>();

/** The caller's id when it is acceptable, else the fallback (API Gateway's request id). */
export function correlationIdFrom(header: string | undefined, fallback: string): string {
  return header !== undefined && ACCEPTED.test(header) ? header : fallback;
}

/** Runs `work` with `id` as the correlation id of everything it does. */
export function withCorrelationId<T>(id: string, work: () => T): T {
  return current.run(id, work);
}

/** The id of the request or message being handled, if any. */
export function currentCorrelationId(): string | undefined {
  return current.getStore();
}
