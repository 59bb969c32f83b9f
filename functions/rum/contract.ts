/**
 * A field measurement of one real visit (real-user monitoring): the Core Web Vitals the page
 * measured, with the kind of page and what the visitor's device and network were like. Nothing
 * that names a person: no URL (a profile's id is in it), no user id; the address is never read.
 */
import * as z from 'zod';

/** The public pages whose speed is judged, and everything else as `app`. */
export const RUM_PAGE_TYPES = ['home', 'browse', 'tutor_profile', 'catalogue', 'course', 'auth', 'app'] as const;
export type RumPageType = (typeof RUM_PAGE_TYPES)[number];
/** The page types the speed alarm watches (what search and shared links open). */
export const PUBLIC_RUM_PAGE_TYPES: readonly RumPageType[] = ['home', 'browse', 'tutor_profile', 'catalogue', 'course'];

export const RUM_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type RumMetricName = (typeof RUM_METRICS)[number];

/** navigator.connection.effectiveType, or `unknown` where the browser does not say (Safari, Firefox). */
export const RUM_CONNECTIONS = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;

/** The largest beacon accepted, in bytes of JSON: a real one is about 200. */
export const MAX_BEACON_BYTES = 2048;

export const RumBeacon = z.object({
  page: z.enum(RUM_PAGE_TYPES),
  connection: z.enum(RUM_CONNECTIONS),
  /** navigator.deviceMemory in GB (Chromium rounds it to 0.25 … 8), absent where not told. */
  deviceMemory: z.number().min(0).max(64).optional(),
  /** Each metric once: milliseconds, but CLS (a unitless score). */
  metrics: z.array(z.object({ name: z.enum(RUM_METRICS), value: z.number().finite().min(0).max(600_000) }).strict()).min(1).max(RUM_METRICS.length)
    .refine((list) => new Set(list.map((m) => m.name)).size === list.length, 'Each metric at most once'),
}).strict();
export type RumBeacon = z.infer<typeof RumBeacon>;
