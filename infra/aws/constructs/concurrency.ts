/**
 * How much of the account's Lambda concurrency each kind of work may take, in one place
 * (docs/decisions/2026-11-27-lambda-concurrency.md):
 *
 * - every SQS poller (event consumers, fan-out workers) reads its queue through
 *   {@link addQueuePoller}, whose event source mapping has a maximum concurrency: a backlog of
 *   thousands of messages then drains at a bounded pace instead of taking every free execution
 *   environment from the API;
 * - the routes that must answer even while everything else bursts have reserved concurrency
 *   ({@link RESERVED_ROUTE_CONCURRENCY}): a reservation is both a floor and a ceiling.
 */
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { RouteName } from '../../../functions/routes.js';

/**
 * Concurrent invocations of one queue poller (Lambda's minimum is 2). With batches of 10 and
 * consumers that finish in well under a second, 5 drain thousands of messages a minute, above
 * SES's starting send rate, while 20-odd pollers together stay far below the 1,000 executions a
 * raised account quota gives.
 */
export const DEFAULT_POLLER_CONCURRENCY = 5;

/**
 * Reserved concurrency of the routes money depends on. Paystack's webhook confirms payments: a
 * burst of browsing, AI or consumer work must not leave it throttled (Paystack retries, but
 * payers wait). 20 covers Paystack's delivery rate with room; Lambda keeps 100 executions
 * unreserved, so the account quota must be raised from a new account's default first (launch
 * checklist).
 */
export const RESERVED_ROUTE_CONCURRENCY: Partial<Record<RouteName, number>> = {
  paystackWebhook: 20,
};

export interface QueuePollerOptions {
  /** Concurrent invocations of this poller (default {@link DEFAULT_POLLER_CONCURRENCY}). */
  maxConcurrency?: number;
  /** Messages per invocation (default 10). */
  batchSize?: number;
}

/**
 * `fn` reads `queue` with a bounded number of concurrent invocations and reports failed records
 * (only those return to the queue and, after maxReceiveCount attempts, reach its DLQ).
 */
export function addQueuePoller(fn: lambda.IFunction, queue: sqs.IQueue, options: QueuePollerOptions = {}): void {
  fn.addEventSource(new SqsEventSource(queue, {
    batchSize: options.batchSize ?? 10,
    reportBatchItemFailures: true,
    maxConcurrency: options.maxConcurrency ?? DEFAULT_POLLER_CONCURRENCY,
  }));
}
