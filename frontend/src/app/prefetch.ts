/**
 * First visit without a request waterfall: the entry starts the opened page's API calls
 * at once, beside the download of the page's chunk, instead of after that chunk has arrived and
 * rendered. The pages then find the answers (or the requests in flight) in the query cache,
 * under the same query options they use themselves.
 *
 * Each page's fetchers come with a dynamic import of a small chunk of its feature, so "/" does not
 * carry every page's fetchers: the public tutor pages' chunk (and the route table every call
 * needs) are preloaded by the HTML that opens them (frontend/early-chunks.ts), so their data
 * starts as the entry runs; signed-in pages' chunk is fetched beside the page's own chunk (which
 * needs it too); /api/me starts at once, from the session read out of storage.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import type { Role } from '@functions/auth/roles-catalog';
import { accessDecision, meStateFrom } from '../features/auth/access';
import { meQueryOptions } from '../features/auth/useMe';
import { paths, routePatterns } from '../shared/paths';
import { storedUser } from './auth-loader';

type Prefetch = (client: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => unknown;

// Preloaded by the HTML of the pages that use it (frontend/early-chunks.ts): no round trip more.
const tutorsPrefetch = () => import('../features/tutors/prefetch');

const tutorAndSlots: Prefetch = (client, { tutorId = '' }) => tutorsPrefetch().then((m) => m.prefetchTutorAndSlots(client, tutorId));

/** Each page's first API calls, as the page itself makes them (its default tab, its first page). */
const publicData: Array<[pattern: string, Prefetch]> = [
  [paths.browse(), (client, _params, search) => tutorsPrefetch().then((m) => m.prefetchBrowse(client, search))],
  [`/${routePatterns.tutorProfile}`, tutorAndSlots],
  [`/${routePatterns.bookTutor}`, tutorAndSlots],
  // Courses' fetchers come as a small chunk of their own, so the entry (/ and /browse-tutors' budget) does not grow.
  [paths.courses, (client, _params, search) => Promise.all([
    // Both modules at once: one after the other cost a round of module loading before the call.
    Promise.all([import('../features/courses/api'), import('../features/courses/catalogue-params')])
      .then(([m, p]) => client.prefetchInfiniteQuery(m.catalogueQuery(p.filtersFromParams(search)))),
    import('../features/courses/exam-packs-api').then((m) => client.prefetchQuery(m.examPacksQuery())),
  ])],
  [`/${routePatterns.course}`, (client, { courseId = '' }) =>
    import('../features/courses/api').then((m) => client.prefetchQuery(m.courseQuery(courseId)))],
  [`/${routePatterns.certificate}`, (client, { code = '' }) =>
    import('../features/certificates/api').then((m) => client.prefetchQuery(m.certificateQuery(code.toUpperCase())))],
];

const myBookings: Prefetch = (client) =>
  import('../features/bookings/bookings-api').then((m) => client.prefetchQuery(m.myBookingsQuery()));

const studentDashboard: Prefetch = (client) => Promise.all([
  myBookings(client, {}, new URLSearchParams()),
  import('../features/progress/progress-api').then((m) => client.prefetchQuery(m.myProgressQuery())),
]);

/**
 * A role's page: its data waits for the role (GET /api/me, already under way). Anyone else meets
 * the guard's Access Denied (or the two-step set-up), so asking would only earn a 403 in the console.
 */
const forRole = (role: Role, prefetch: Prefetch): Prefetch => async (client, params, search) => {
  const user = storedUser();
  if (!user) return;
  const me = await client.fetchQuery(meQueryOptions(user.userId));
  const decision = accessDecision('signed-in', meStateFrom({ status: 'success', data: me, error: null }), role);
  if (decision.kind === 'allow') await prefetch(client, params, search);
};

/** The super admin dashboard's "recent" lists (SuperAdminDashboard's RECENT). */
const RECENT = 5;

const signedInData: Array<[pattern: string, Prefetch]> = [
  [paths.studentDashboard, forRole('student', studentDashboard)],
  [`/${routePatterns.appDashboard}`, forRole('student', studentDashboard)],
  [paths.myBookings, myBookings],
  // The demo room reads nothing first; listed before the lesson pattern, which its path matches too.
  [paths.liveDemo, () => undefined],
  [`/${routePatterns.liveSession}`, (client, { bookingId = '' }) =>
    import('../features/live/live-api').then((m) => client.prefetchQuery(m.liveSessionQuery(bookingId)))],
  [paths.tutorDashboard, forRole('tutor', (client) => import('../features/bookings/bookings-api').then((m) => client.prefetchQuery(m.tutorStatsQuery())))],
  [paths.tutorAvailability, forRole('tutor', (client) => import('../features/tutors/my-api').then((m) =>
    Promise.all([client.prefetchQuery(m.myAvailabilityQuery()), client.prefetchQuery(m.myAvailabilitySummaryQuery())])))],
  [paths.superAdminDashboard, forRole('super_admin', (client) => import('../features/admin/admin-api').then((m) => Promise.all([
    client.prefetchQuery(m.adminStatsQuery()),
    client.prefetchQuery(m.adminTransactionsQuery(RECENT)),
    client.prefetchQuery(m.pendingKycQuery(RECENT)),
  ])))],
  [paths.adminDashboard, forRole('super_admin', (client, _params, search) => import('../features/admin/admin-api').then((m) => Promise.all([
    client.prefetchQuery(m.adminStatsQuery()),
    // The KYC tab is the default one.
    (search.get('tab') ?? 'kyc') === 'kyc' ? client.prefetchQuery(m.pendingKycQuery()) : undefined,
  ])))],
  [paths.aiStudyAssistant(), (client, _params, search) => import('../features/ai/assistant-api').then((m) => {
    const open = search.get('c');
    return Promise.all([client.prefetchQuery(m.conversationsQuery()), open ? client.prefetchQuery(m.conversationQuery(open)) : undefined]);
  })],
];

function run(table: Array<[string, Prefetch]>, client: QueryClient, pathname: string, search: URLSearchParams): void {
  for (const [pattern, prefetch] of table) {
    const match = matchPath(pattern, pathname);
    if (match) {
      // A failed prefetch is only a missed head start: the page asks again and shows the error.
      void Promise.resolve(prefetch(client, match.params, search)).catch(() => undefined);
      return;
    }
  }
}

/** Starts the data of the page at `location` (called once, before the first render). */
export function prefetchRouteData(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>): void {
  const search = new URLSearchParams(location.search);
  run(publicData, client, location.pathname, search);
  const user = storedUser();
  // Without unexpired stored tokens the session needs Amplify first; the pages fetch as usual then.
  if (!user) return;
  void client.prefetchQuery(meQueryOptions(user.userId));
  run(signedInData, client, location.pathname, search);
}
