/**
 * Field measurements: each beacon becomes one embedded-metric-format log line, which CloudWatch
 * turns into the RUM metrics (rules.ts) that the speed dashboard and alarm read
 * (infra/aws/constructs/monitoring.ts). Nothing is stored in the table and nothing of the caller
 * (address, user, URL) is written. Where metrics are switched off (the local stack) nothing is written.
 */
import { ValidationFailed } from '../shared/errors.js';
import { MAX_BEACON_BYTES, type RumBeacon } from './contract.js';
import { rumMessages } from './messages.js';
import { rumRecord } from './rules.js';

export function recordBeacon(beacon: RumBeacon, rawBytes: number, now = new Date()): void {
  if (rawBytes > MAX_BEACON_BYTES) throw new ValidationFailed(rumMessages.tooLarge);
  if (process.env.POWERTOOLS_METRICS_DISABLED === 'true') return;
  process.stdout.write(`${JSON.stringify(rumRecord(beacon, now))}\n`);
}
