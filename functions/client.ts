/**
 * The typed client's core, shared by the SPA (frontend/src/shared/api.ts) and the system tests
 * (tests/support/api.ts): a route is called by its name, and what it takes (`params`, `query`,
 * `body`) and answers are inferred from its zod contracts in the route table.
 *
 * The table is imported as a type only, and the method and path of each route come from the
 * generated routeMap (no zod): the SPA bundle does not carry the schemas of every route.
 */
import type * as z from 'zod';
import { routeMap } from './route-map.js';
import type { routes } from './routes.js';

type Routes = typeof routes;
export type RouteName = keyof Routes;

/**
 * A query as the caller writes it: a coerced field (`limit: z.coerce.number()`) takes its parsed
 * type (a number), not zod's `unknown` input; the URL carries it as text either way.
 */
type QueryInput<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? (K extends keyof z.output<S> ? z.output<S>[K] : never) : z.input<S>[K];
};

type ParamsPart<R> = R extends { params: infer S extends z.ZodType } ? { params: z.input<S> } : { params?: never };
type QueryPart<R> = R extends { query: infer S extends z.ZodType } ? { query?: QueryInput<S> } : { query?: never };
type BodyPart<R> =
  R extends { body: infer S extends z.ZodType } ? { body: z.input<S> }
  : R extends { rawBody: infer S extends z.ZodType } ? { body: z.input<S> }
  : { body?: never };

/** What a call to route N sends: path parameters, query and body, each only where the route reads it. */
export type RouteRequest<N extends RouteName> = ParamsPart<Routes[N]> & QueryPart<Routes[N]> & BodyPart<Routes[N]>;

type Answer<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What route N answers on success (any of its success statuses; `undefined` for 204). */
export type RouteResponse<N extends RouteName> = {
  [S in keyof Routes[N]['responses']]: Answer<Routes[N]['responses'][S]>;
}[keyof Routes[N]['responses']];

/** The request argument: optional when the route needs nothing. */
export type RequestArgs<N extends RouteName, Extra = object> =
  object extends RouteRequest<N> ? [request?: RouteRequest<N> & Extra] : [request: RouteRequest<N> & Extra];

export interface RouteCall {
  method: (typeof routeMap)[RouteName]['method'];
  /** Path with parameters filled in (percent-encoded) and the query string, if any. */
  url: `/api/${string}`;
  /** Whether the route needs an access token. */
  auth: boolean;
  body: unknown;
}

/**
 * Method, URL and body of a call to route `name`. Query values that are empty or absent are left
 * out (the API treats `?q=` as no q).
 */
export function routeCall<N extends RouteName>(name: N, request: RouteRequest<N> | undefined): RouteCall {
  // Widened to plain shapes: over every route's literal types, tsc gives up (TS2590, too complex a union).
  const { method, path, auth }: { method: RouteCall['method']; path: string; auth: boolean } = routeMap[name];
  const { params, query, body } = ((request as unknown) ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const filled = path.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') throw new Error(`${name}: path parameter ${key} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return { method, url: (text ? `${filled}?${text}` : filled) as `/api/${string}`, auth, body };
}
