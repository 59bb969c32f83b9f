/**
 * Routes: field measurements of real visits (Core Web Vitals).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import type { RouteDef } from '../shared/route-def.js';
import { RumBeacon } from './contract.js';

export const rumRoutes = {
  recordRum: {
    method: 'POST', path: '/api/rum', handler: 'rum/handlers/record-rum', access: 'public',
    // Nothing is read or written but the measurement's own log line (its metrics).
    grants: [],
    summary: 'One visit\'s Core Web Vitals (LCP, INP, CLS, TTFB) with its page type, connection type and device memory, as navigator.sendBeacon posts it from a sampled share of visits. Becomes CloudWatch metrics by page type; stores nothing and never the caller\'s address or account. 400 when malformed or larger than 2 KB. Throttled as every public write.',
    body: RumBeacon, responses: { 204: null },
  },
} as const satisfies Record<string, RouteDef>;
