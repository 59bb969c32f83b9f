/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js; registered only by
 * production builds, see app/service-worker.ts). What it keeps, for phones that lose signal:
 * - the shell and the public pages (landing, browse, a profile, sign-in), precached at install
 *   (hashed files: fetched once per deploy); every page navigation is answered with the precached
 *   index.html, so the app opens offline. Other route chunks (signed-in pages, Amplify) are kept
 *   the first time they are used, so a signed-out visitor never downloads Amplify;
 * - public tutor reads (browse, a profile, its free hours and reviews) stale-while-revalidate: shown at once
 *   from the last answer, refreshed behind it. Only requests without an Authorization header:
 *   a signed-in or personal answer is never written to the cache, nor is anything but GET;
 * - /config.json (network first, the last copy offline) and published photos (unique keys).
 * A navigation it cannot answer at all gets /offline.html.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const OFFLINE_PAGE = '/offline.html';

// A new deploy takes over at once: the old hashed chunks stay on S3 (never pruned), so pages
// still running the previous build can finish lazy-loading.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Paths the CloudFront function and the gateway do not rewrite to the SPA. */
const notSpa = [/^\/api\//, /^\/cognito/, /^\/public\//, /^\/config\.json$/, /\/[^/]+\.[^/]+$/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: notSpa }));

// Hashed names change with their content: a kept copy is always right.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'route-chunks',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
  'GET',
);

/**
 * GET /api/tutors, /api/tutors/{id} and its /slots and /reviews: the same answer for every
 * visitor. A profile seen online shows its reviews offline too, not a "will load" note.
 */
const publicTutorRead = /^\/api\/tutors(\/[^/]+(\/slots|\/reviews)?)?$/;
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && publicTutorRead.test(url.pathname) && !request.headers.has('authorization'),
  new StaleWhileRevalidate({
    cacheName: 'public-tutors',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 }),
    ],
  }),
  'GET',
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'runtime-config', networkTimeoutSeconds: 5, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
  'GET',
);

// Published media keys are unique per upload: a cached copy is never stale.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/public/'),
  new CacheFirst({
    cacheName: 'public-media',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const page = await matchPrecache(OFFLINE_PAGE);
    if (page) return page;
  }
  return Response.error();
});

