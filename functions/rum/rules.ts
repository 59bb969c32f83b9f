/**
 * What a beacon becomes in CloudWatch (pure; service.ts publishes it): one value per metric under
 * the page type, and again under page type and connection, so p75 can be read per page type and
 * for slow networks apart. Device memory stays a property of the record (searchable in the logs,
 * not a dimension: its values would multiply the metrics).
 */
import type { RumBeacon, RumMetricName } from './contract.js';

export const RUM_NAMESPACE = 'AfricasLearningPlatform/RUM';

/** CloudWatch's unit per metric: CLS is a score, the others are times. */
export const RUM_UNITS: Readonly<Record<RumMetricName, 'Milliseconds' | 'None'>> = { LCP: 'Milliseconds', INP: 'Milliseconds', CLS: 'None', TTFB: 'Milliseconds' };

/** The embedded-metric-format record of one beacon, as a log line CloudWatch turns into metrics. */
export function rumRecord(beacon: RumBeacon, at: Date): Record<string, unknown> {
  return {
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [{
        Namespace: RUM_NAMESPACE,
        Dimensions: [['pageType'], ['pageType', 'connection']],
        Metrics: beacon.metrics.map((m) => ({ Name: m.name, Unit: RUM_UNITS[m.name] })),
      }],
    },
    pageType: beacon.page,
    connection: beacon.connection,
    ...(beacon.deviceMemory !== undefined ? { deviceMemory: beacon.deviceMemory } : {}),
    ...Object.fromEntries(beacon.metrics.map((m) => [m.name, m.name === 'CLS' ? Math.round(m.value * 10_000) / 10_000 : Math.round(m.value)])),
  };
}
