/**
 * Field measurement of real visits: on a sampled share of page loads the Core Web Vitals of the
 * page the visit landed on (LCP, INP, CLS, TTFB, measured by the web-vitals library) go to
 * POST /api/rum once, when the page is hidden or left, with navigator.sendBeacon (which survives
 * the page closing). The library loads after the page has loaded, never on its first-load path.
 * What is sent: the page's type (not its URL), the connection type and device memory; nothing
 * that names the visitor.
 */
import { RUM_CONNECTIONS, type RumBeacon, type RumMetricName, type RumPageType } from '@functions/rum/contract';

/** One visit in ten is measured: enough for p75 per page type, one beacon per sampled visit. */
export const RUM_SAMPLE_RATE = 0.1;
/** `localStorage['alp.rum']`: `all` measures every visit (the RUM bench and browser test), `none` none (the weight bench). */
export const RUM_FORCE_KEY = 'alp.rum';
export const RUM_ENDPOINT = '/api/rum';

/** The kind of page a path is, as the speed dashboard groups them. */
export function pageTypeOf(pathname: string): RumPageType {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'home';
  if (path === '/browse-tutors') return 'browse';
  if (path.startsWith('/tutor-profile/')) return 'tutor_profile';
  if (path === '/course-dashboard') return 'catalogue';
  if (path.startsWith('/courses/')) return 'course';
  if (path === '/auth') return 'auth';
  return 'app';
}

interface NavigatorFacts { connection?: { effectiveType?: string }; deviceMemory?: number }

/** The beacon of what was measured, or null when nothing was. */
export function beaconOf(page: RumPageType, values: ReadonlyMap<RumMetricName, number>, nav: NavigatorFacts): RumBeacon | null {
  if (values.size === 0) return null;
  const type = nav.connection?.effectiveType;
  const connection = (RUM_CONNECTIONS as readonly string[]).includes(type ?? '') ? type as RumBeacon['connection'] : 'unknown';
  return {
    page, connection,
    ...(typeof nav.deviceMemory === 'number' ? { deviceMemory: nav.deviceMemory } : {}),
    metrics: [...values].map(([name, value]) => ({ name, value: Math.max(0, value) })),
  };
}

function sampled(): boolean {
  try {
    const forced = localStorage.getItem(RUM_FORCE_KEY);
    if (forced === 'all') return true;
    if (forced === 'none') return false;
  } catch { /* storage blocked: sample as usual */ }
  return Math.random() < RUM_SAMPLE_RATE;
}

/** Starts measuring this page load if it is sampled (call once, when the page has loaded). */
export function startFieldMeasurement(): void {
  if (!sampled() || typeof navigator.sendBeacon !== 'function') return;
  const page = pageTypeOf(window.location.pathname);
  const values = new Map<RumMetricName, number>();
  let sent = false;
  const send = () => {
    const beacon = sent ? null : beaconOf(page, values, navigator as NavigatorFacts);
    if (!beacon) return;
    sent = true;
    // As text (text/plain, a simple request): the API reads the JSON whatever the content type.
    navigator.sendBeacon(RUM_ENDPOINT, JSON.stringify(beacon));
  };
  void import('web-vitals').then(({ onCLS, onINP, onLCP, onTTFB }) => {
    const keep = (metric: { name: string; value: number }) => values.set(metric.name as RumMetricName, metric.value);
    onLCP(keep);
    onINP(keep);
    onCLS(keep);
    onTTFB(keep);
    // After the library's own listeners (registered above), which report CLS and INP as the page hides.
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') send(); });
    window.addEventListener('pagehide', send);
  }).catch(() => { /* no measurement on this visit */ });
}
