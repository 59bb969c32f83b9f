/**
 * The shape of one route table entry (functions/<domain>/routes.ts), beside the table rather than
 * in functions/routes.ts: every domain's routes.ts names these types, and functions/routes.ts
 * imports every domain's routes.ts, so the types living there made each domain a loop with it.
 */
import type * as z from 'zod';
import type { Role } from '../auth/roles.js';
import type { RateLimit } from './rate-limit.js';

/** `public`: no token; `signed-in`: any valid token; a role list: token with one of those groups. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** What a handler may touch on AWS; CDK turns each into a least-privilege IAM grant. */
export type Grant =
  | 'table:read' | 'table:write'
  | 'identity:admin'
  /** Cognito SignUp / ResendConfirmationCode through the server's app client: reads that client's secret. */
  | 'identity:sign-up'
  /** Checks a user's current password (Cognito AdminInitiateAuth); nothing else on the pool. */
  | 'identity:password-check'
  | 'events:publish'
  | 'uploads:read' | 'uploads:write' | 'uploads:delete'
  /** Lists object keys (one user's own prefixes: privacy export and deletion). */
  | 'uploads:list'
  /** Rewrites an identity document (kyc/ only) with the retention tag whose lifecycle rule deletes it. */
  | 'uploads:retain-kyc'
  | 'email:send'
  /** Writes robots.txt, sitemap.xml and sitemaps/* in the web bucket CloudFront serves (nothing else there). */
  | 'web:sitemaps'
  /** Writes and deletes the tutors' pages and share images in the web bucket (pages/tutor-profile/*, share/tutor/*) and invalidates them at the CDN. */
  | 'web:tutor-pages'
  /** Writes and deletes the courses' pages and share images (pages/courses/*, share/course/*) and the catalogue's file (pages/course-dashboard*.html), and invalidates them at the CDN. */
  | 'web:course-pages'
  | 'payments:secret'
  | 'live:video'
  | 'ai:invoke'
  /** Sends SMS through Africa's Talking (reads its credentials). */
  | 'messaging:sms'
  /** Sends WhatsApp messages through the WhatsApp Cloud API (reads its credentials). */
  | 'messaging:whatsapp'
  /** Posts to the conversations WebSocket's open connections (API Gateway management API). */
  | 'conversations:push';

export type SuccessStatus = 200 | 201 | 204;
export type ErrorStatus = 401 | 402 | 403 | 404 | 409 | 410 | 422 | 429 | 502;

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
  /**
   * Per caller (user, or address for visitors) beyond WAF's per-address limits: past it 429 with
   * Retry-After (functions/shared/rate-limit.ts). Needs the `table:write` grant.
   */
  rateLimit?: RateLimit;
}
