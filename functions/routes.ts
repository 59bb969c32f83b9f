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
import type * as z from 'zod';
import { adminRoutes } from './admin/routes.js';
import { aiRoutes } from './ai/routes.js';
import { authRoutes } from './auth/routes.js';
import type { Role } from './auth/roles.js';
import { bookingsRoutes } from './bookings/routes.js';
import { coursesRoutes } from './courses/routes.js';
import { healthRoutes } from './health/routes.js';
import { kycRoutes } from './kyc/routes.js';
import { liveRoutes } from './live/routes.js';
import { openApiRoutes } from './openapi/routes.js';
import { paymentsRoutes } from './payments/routes.js';
import { profilesRoutes } from './profiles/routes.js';
import { progressRoutes } from './progress/routes.js';
import { tutorsRoutes } from './tutors/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { ledgerRoutes } from './ledger/routes.js';
import { examPacksRoutes } from './exampacks/routes.js';
import { certificatesRoutes } from './certificates/routes.js';
import { payoutsRoutes } from './payouts/routes.js';
import { disputesRoutes } from './disputes/routes.js';

/** `public`: no token; `signed-in`: any valid token; a role list: token with one of those groups. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** What a handler may touch on AWS; CDK turns each into a least-privilege IAM grant. */
export type Grant =
  | 'table:read' | 'table:write'
  | 'identity:admin'
  /** Checks a user's current password (Cognito AdminInitiateAuth); nothing else on the pool. */
  | 'identity:password-check'
  | 'events:publish'
  | 'uploads:read' | 'uploads:write' | 'uploads:delete'
  | 'email:send'
  | 'payments:secret'
  | 'live:video'
  | 'ai:invoke';

export type SuccessStatus = 200 | 201 | 204;
export type ErrorStatus = 401 | 402 | 403 | 404 | 409 | 422 | 429 | 502;

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway path syntax: /api/tutors/{tutorId} */
  path: `/api/${string}`;
  /** functions/{handler}.ts exports `handler`. */
  handler: string;
  access: Access;
  grants: readonly Grant[];
  summary: string;
  /** The JSON body; httpRoute answers 400 with the first issue's message when it does not parse. */
  body?: z.ZodType;
  /**
   * A body the handler reads itself (the webhook checks its signature over the exact bytes
   * first): documented, not validated by httpRoute.
   */
  rawBody?: z.ZodType;
  /** The query string (values arrive as strings: numbers use z.coerce; empty values count as absent). */
  query?: z.ZodObject;
  /** The path parameters, decoded, one property per `{name}` of `path` (400 when one does not parse). */
  params?: z.ZodObject;
  /** Success answers by status; null for no body (204). */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>;
  /** Refusals the route's service answers with `{ error }` beyond the implied ones (see above). */
  errors?: readonly ErrorStatus[];
  /** Request headers the route reads (documented as required header parameters). */
  headers?: readonly string[];
  /**
   * The Lambda's timeout in seconds (default 10) for a route that waits on a slow provider
   * within its own deadline; API Gateway gives up at 30.
   */
  timeoutSeconds?: number;
}

export const routes = {
  ...healthRoutes,
  ...openApiRoutes,
  ...authRoutes,
  ...profilesRoutes,
  ...tutorsRoutes,
  ...bookingsRoutes,
  ...paymentsRoutes,
  ...kycRoutes,
  ...adminRoutes,
  ...liveRoutes,
  ...aiRoutes,
  ...coursesRoutes,
  ...reviewsRoutes,
  ...progressRoutes,
  ...ledgerRoutes,
  ...examPacksRoutes,
  ...certificatesRoutes,
  ...payoutsRoutes,
  ...disputesRoutes,
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeList: ReadonlyArray<RouteDef & { name: RouteName }> = Object.entries(routes).map(
  ([name, def]) => ({ ...(def as RouteDef), name: name as RouteName }),
);
