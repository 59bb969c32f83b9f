import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => { vi.unstubAllEnvs(); vi.resetModules(); vi.restoreAllMocks(); });

/** The module with Powertools writing through the global console (POWERTOOLS_DEV), as on Lambda's stdout. */
async function load() {
  vi.stubEnv('POWERTOOLS_DEV', 'true');
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => { lines.push(String(line)); });
  vi.spyOn(console, 'warn').mockImplementation((line: unknown) => { lines.push(`WARN ${String(line)}`); });
  const mod = await import('./metrics.js');
  const names = await import('./metric-names.js');
  return { ...mod, ...names, lines };
}

describe('business metrics', () => {
  it('publishes what an invocation counted as one EMF record in the namespace and service the alarms watch', async () => {
    const { countBusinessEvent, publishBusinessMetrics, BusinessMetric, lines } = await load();
    countBusinessEvent(BusinessMetric.paymentNeedsRefund);
    countBusinessEvent(BusinessMetric.paymentNeedsRefund);
    countBusinessEvent(BusinessMetric.bookingCreated);
    publishBusinessMetrics();
    const records = lines.filter((l) => l.includes('_aws')).map((l) => JSON.parse(l));
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'AfricasLearningPlatform', Dimensions: [['service']] });
    // Two counts are two values; the alarms' Sum statistic adds them.
    expect(record).toMatchObject({ service: 'alp', PaymentNeedsRefund: [1, 1], BookingCreated: 1 });
  });

  it('writes nothing, and warns about nothing, when the invocation counted nothing', async () => {
    const { publishBusinessMetrics, lines } = await load();
    publishBusinessMetrics();
    expect(lines).toEqual([]);
  });
});
