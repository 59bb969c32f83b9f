/** A field measurement: what is accepted, and what its CloudWatch record says (and never says). */
import { describe, expect, it } from 'vitest';
import { RumBeacon } from './contract.js';
import { RUM_NAMESPACE, rumRecord } from './rules.js';

const beacon = {
  page: 'tutor_profile', connection: '3g', deviceMemory: 4,
  metrics: [{ name: 'LCP', value: 2345.67 }, { name: 'CLS', value: 0.012345 }, { name: 'TTFB', value: 412.2 }],
} as const;

describe('a RUM beacon', () => {
  it('is accepted as a browser sends it', () => {
    expect(RumBeacon.parse(beacon)).toEqual(beacon);
  });

  it.each([
    ['an unknown page type', { ...beacon, page: '/tutor-profile/3f2c' }],
    ['a metric twice', { ...beacon, metrics: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] }],
    ['a negative time', { ...beacon, metrics: [{ name: 'LCP', value: -1 }] }],
    ['no metrics', { ...beacon, metrics: [] }],
    ['anything more, such as a URL or a user', { ...beacon, url: 'https://alp.example/tutor-profile/3f2c' }],
    ['a metric with more', { ...beacon, metrics: [{ name: 'LCP', value: 1, id: 'v5-1' }] }],
  ])('refuses %s', (_, value) => {
    expect(RumBeacon.safeParse(value).success).toBe(false);
  });
});

describe('its CloudWatch record', () => {
  const record = rumRecord(RumBeacon.parse(beacon), new Date('2026-11-28T10:00:00Z'));

  it('names each metric with its unit under page type, and page type with connection', () => {
    expect(record._aws).toEqual({
      Timestamp: Date.parse('2026-11-28T10:00:00Z'),
      CloudWatchMetrics: [{
        Namespace: RUM_NAMESPACE, Dimensions: [['pageType'], ['pageType', 'connection']],
        Metrics: [{ Name: 'LCP', Unit: 'Milliseconds' }, { Name: 'CLS', Unit: 'None' }, { Name: 'TTFB', Unit: 'Milliseconds' }],
      }],
    });
    expect(record).toMatchObject({ pageType: 'tutor_profile', connection: '3g', deviceMemory: 4, LCP: 2346, CLS: 0.0123, TTFB: 412 });
  });

  it('holds the measurement and nothing of the visitor', () => {
    expect(Object.keys(record).sort()).toEqual(['CLS', 'LCP', 'TTFB', '_aws', 'connection', 'deviceMemory', 'pageType']);
  });
});
