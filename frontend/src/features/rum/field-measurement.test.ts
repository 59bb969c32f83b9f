/** What a visit's field measurement says: its page type, and a beacon the API accepts (nothing of the visitor). */
import { describe, expect, it } from 'vitest';
import { RumBeacon, type RumMetricName } from '@functions/rum/contract';
import { beaconOf, pageTypeOf } from './field-measurement';

describe('the page type of a path', () => {
  it.each([
    ['/', 'home'], ['/browse-tutors', 'browse'], ['/browse-tutors/', 'browse'], ['/tutor-profile/0b6f9c1e-2d6a-4c59-9d8e-0f3a8f7d2c11', 'tutor_profile'],
    ['/course-dashboard', 'catalogue'], ['/courses/abc', 'course'], ['/auth', 'auth'], ['/my-bookings', 'app'], ['/app/course-creation', 'app'],
  ])('%s is %s', (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });
});

describe('the beacon', () => {
  const values = new Map<RumMetricName, number>([['LCP', 1834.5], ['CLS', 0.02], ['TTFB', 310]]);

  it('carries the page type, connection, device memory and the metrics, and the API accepts it', () => {
    const beacon = beaconOf('tutor_profile', values, { connection: { effectiveType: '3g' }, deviceMemory: 2 });
    expect(beacon).toEqual({
      page: 'tutor_profile', connection: '3g', deviceMemory: 2,
      metrics: [{ name: 'LCP', value: 1834.5 }, { name: 'CLS', value: 0.02 }, { name: 'TTFB', value: 310 }],
    });
    expect(RumBeacon.safeParse(beacon).success).toBe(true);
  });

  it('says "unknown" where the browser does not tell the connection, and leaves device memory out', () => {
    expect(beaconOf('home', values, {})).toMatchObject({ connection: 'unknown' });
    expect(beaconOf('home', values, { connection: { effectiveType: 'wifi' } })).not.toHaveProperty('deviceMemory');
  });

  it('is nothing when nothing was measured', () => {
    expect(beaconOf('home', new Map(), {})).toBeNull();
  });
});
