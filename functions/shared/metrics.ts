/**
 * Business metrics (CloudWatch embedded metric format through Powertools Metrics), published by
 * the HTTP and event-consumer wrappers after each invocation. The alarms of
 * infra/aws/constructs/monitoring.ts watch the ones that mean money is stuck. Locally the stack sets
 * POWERTOOLS_METRICS_DISABLED (nothing reads them there).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE, type BusinessMetricName } from './metric-names.js';

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

/** One occurrence of a business event (a booking created, a payment needing a refund …), or `amount` of them (tokens). */
export function countBusinessEvent(name: BusinessMetricName, amount = 1): void {
  metrics.addMetric(name, MetricUnit.Count, amount);
}

/** Writes what the invocation counted; nothing (and no warning) when it counted nothing. */
export function publishBusinessMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
