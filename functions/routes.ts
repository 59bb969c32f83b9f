/**
 * The one route table, combined from each domain's `functions/<domain>/routes.ts`. CDK builds one
 * Lambda and one HTTP API route per entry, the local gateway serves the same entries, httpRoute
 * validates requests (and, with ALP_VALIDATE_RESPONSES, responses) with the schemas named here,
 * and docs/api.md, docs/openapi.json (also served at GET /api/openapi.json) and the typed client's
 * route map (functions/route-map.ts) are generated from it.
 *
 * A new route goes in its domain's routes.ts and names its zod contracts: `body` and `query` if
 * it reads them, `params` when its path has `{parameters}` (one schema property per name), and
 * `responses` with at least one success status (generating the OpenAPI document fails
 * otherwise). `errors` lists the statuses its service can refuse with beyond those implied by the
 * entry (400 with a body, query or path parameter; 401 when signed in; 403 for a role list).
 */
import { adminRoutes } from './admin/routes.js';
import { aiRoutes } from './ai/routes.js';
import { authRoutes } from './auth/routes.js';
import { bookingsRoutes } from './bookings/routes.js';
import { conversationsRoutes } from './conversations/routes.js';
import { coursesRoutes } from './courses/routes.js';
import { healthRoutes } from './health/routes.js';
import { kycRoutes } from './kyc/routes.js';
import { liveRoutes } from './live/routes.js';
import { messagingRoutes } from './messaging/routes.js';
import { openApiRoutes } from './openapi/routes.js';
import { paymentsRoutes } from './payments/routes.js';
import { profilesRoutes } from './profiles/routes.js';
import { progressRoutes } from './progress/routes.js';
import { tutorsRoutes } from './tutors/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { ledgerRoutes } from './ledger/routes.js';
import { examPacksRoutes } from './exampacks/routes.js';
import { certificatesRoutes } from './certificates/routes.js';
import { payoutsRoutes } from './payouts/routes.js';
import { disputesRoutes } from './disputes/routes.js';
import { householdsRoutes } from './households/routes.js';
import { privacyRoutes } from './privacy/routes.js';
import { plansRoutes } from './plans/routes.js';
import { packsRoutes } from './packs/routes.js';
import { rumRoutes } from './rum/routes.js';
import { phonesRoutes } from './phones/routes.js';
import { weeklyReportsRoutes } from './weeklyreports/routes.js';
import type { RouteDef } from './shared/route-def.js';

/**
 * For readers of the whole table (CDK, the local gateway, tests). A domain's routes.ts imports
 * these from shared/route-def.ts: from here it would be a loop, which import-cycles.test.ts refuses.
 */
export type { Access, ErrorStatus, Grant, RouteDef, SuccessStatus } from './shared/route-def.js';

export const routes = {
  ...healthRoutes,
  ...openApiRoutes,
  ...authRoutes,
  ...profilesRoutes,
  ...tutorsRoutes,
  ...bookingsRoutes,
  ...paymentsRoutes,
  ...messagingRoutes,
  ...kycRoutes,
  ...adminRoutes,
  ...liveRoutes,
  ...aiRoutes,
  ...coursesRoutes,
  ...reviewsRoutes,
  ...reportsRoutes,
  ...weeklyReportsRoutes,
  ...progressRoutes,
  ...ledgerRoutes,
  ...examPacksRoutes,
  ...certificatesRoutes,
  ...payoutsRoutes,
  ...disputesRoutes,
  ...householdsRoutes,
  ...privacyRoutes,
  ...plansRoutes,
  ...packsRoutes,
  ...rumRoutes,
  ...phonesRoutes,
  ...conversationsRoutes,
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeList: ReadonlyArray<RouteDef & { name: RouteName }> = Object.entries(routes).map(
  ([name, def]) => ({ ...(def as RouteDef), name: name as RouteName }),
);
