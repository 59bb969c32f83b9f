/**
 * The HTTP handler wrapper every route uses: middy + Powertools logger, a traced subsegment per
 * request, the correlation id (request header → logs, events, response header), access check from
 * the route table, zod validation of the JSON body, query string and path parameters with the
 * route's schemas, domain errors mapped to `{ "error": { "code", "message" } }` with the right
 * status, the texts a person reads (`error.message`, field messages, a success `message`) in the
 * language Accept-Language asks for, and (where ALP_VALIDATE_RESPONSES is set: the test stack)
 * success bodies checked against the route's response schemas.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type z } from 'zod';
import { hasSecondFactor, reachesAsSuperAdmin } from '../auth/mfa.js';
import { parseGroupsClaim, resolveRole, type Role } from '../auth/roles.js';
import type { RouteDef, SuccessStatus } from './route-def.js';
import { CORRELATION_HEADER, correlationIdFrom, withCorrelationId } from './correlation.js';
import { DomainError, Forbidden, MfaRequired, NotAuthenticated, ValidationFailed } from './errors.js';
import { acceptedLanguage, type Language } from '../../events/shared/language.js';
import { logger } from './logger.js';
import { detailsInLanguage, inLanguage } from './messages.js';
import { clientIp, enforceRateLimit, RateLimited } from './rate-limit.js';
import { publishBusinessMetrics } from './metrics.js';
import { zodMessagesIn } from './zod-messages.js';
import { annotateTrace, traceError, traceInvocation } from './tracer.js';

/** API Gateway v2 event; `authorizer` is absent on public routes. */
export type HttpEvent = Omit<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'> & {
  requestContext: Omit<APIGatewayProxyEventV2WithJWTAuthorizer['requestContext'], 'authorizer'> & {
    authorizer?: APIGatewayProxyEventV2WithJWTAuthorizer['requestContext']['authorizer'];
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

export interface AuthUser {
  id: string;
  groups: string[];
  role: Role;
}

export interface HttpRequest<B, Q = Record<string, string>, P = Record<string, string>> {
  body: B;
  user: AuthUser | null;
  params: P;
  query: Q;
  event: HttpEvent;
  /** What Accept-Language asks for: the language of values a service puts into a message (a date, a weekday). */
  language: Language;
}

export interface SignedInRequest<B> extends HttpRequest<B> {
  user: AuthUser;
}

/**
 * For public GETs that are the same for everyone and may be a few seconds old (browse, a tutor's
 * profile): CloudFront keeps them 30 s and serves the old copy up to a minute more while it
 * fetches a new one; browsers keep nothing (max-age=0), so their own re-reads reach the edge.
 * Everything else is `no-store` (signed-in and personal answers, and a tutor's free slots, which
 * a booking changes and its student reads again at once).
 */
export const CACHE_PUBLIC_BRIEFLY = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export function errorResult(status: number, code: string, message: string, details?: unknown): HttpResult {
  return json(status, { error: { code, message, ...(details === undefined ? {} : { details }) } });
}

/** The caller as API Gateway's JWT authorizer describes it (claims already verified upstream). */
export function authUserFrom(event: HttpEvent): AuthUser | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) return null;
  const groups = parseGroupsClaim(claims?.['cognito:groups']);
  return { id: sub, groups, role: resolveRole(groups) };
}

function authorize(route: RouteDef, user: AuthUser | null): void {
  if (route.access === 'public') return;
  if (!user) throw new NotAuthenticated();
  if (route.access === 'signed-in') return;
  const allowed = route.access as readonly string[];
  if (!user.groups.some((g) => allowed.includes(g))) {
    throw new Forbidden('You do not have permission to access this resource');
  }
}

/**
 * Whether a super admin still has to set up their authenticator app (false for everyone else).
 * Asks Cognito with the caller's own access token, which API Gateway has already verified.
 */
export async function secondFactorMissing(user: AuthUser, event: HttpEvent): Promise<boolean> {
  if (!user.groups.includes('super_admin')) return false;
  return !(await callerHasSecondFactor(user, event));
}

/** Whether the caller's authenticator app is on, as Cognito reports it to their own access token. */
export async function callerHasSecondFactor(user: AuthUser, event: HttpEvent): Promise<boolean> {
  const token = /^Bearer (.+)$/i.exec(event.headers.authorization ?? '')?.[1];
  if (!token) throw new NotAuthenticated();
  const jti = event.requestContext.authorizer?.jwt?.claims?.jti;
  return hasSecondFactor(token, `${user.id}:${typeof jti === 'string' ? jti : token}`);
}

/** Every route a super admin reaches as super admin needs their second factor (one check, here). */
async function requireSecondFactor(route: RouteDef, user: AuthUser | null, event: HttpEvent): Promise<void> {
  if (!user || !reachesAsSuperAdmin(route.access, user.groups)) return;
  if (await secondFactorMissing(user, event)) throw new MfaRequired();
}

function parseJsonBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationFailed('Request body must be valid JSON');
  }
}

/**
 * API Gateway's HTTP API hands path parameters over still percent-encoded, malformed escapes
 * included ("%C3", "%ZZ", a lone "%", an encoded lone surrogate): those are bad input, not a crash.
 */
export function decodePathParameters(raw: HttpEvent['pathParameters']): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    try {
      params[name] = decodeURIComponent(value ?? '');
    } catch {
      const message = 'The address contains an invalid character. Please check the link.';
      throw new ValidationFailed(message, { fields: [{ path: name, message }] });
    }
  }
  return params;
}

/** First issue's message (the schemas carry the spec's texts), plus every issue for forms. */
export function validationError(error: z.ZodError): ValidationFailed {
  const first = error.issues[0];
  const fields = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new ValidationFailed(first?.message ?? 'Invalid request', { fields });
}

/**
 * Parses `value` with a route's schema; a mismatch is bad input (400 with every field's problem).
 * zod's own messages (where a schema names none) come in `language`; the schemas' texts are translated later.
 */
function parseInput<S extends z.ZodType>(schema: S, value: unknown, language: Language): z.output<S> {
  const parsed = schema.safeParse(value, zodMessagesIn(language));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Object keys of `sent` that `parsed` (zod's output, which drops unknown keys) lacks: fields no contract names. */
function undeclaredFields(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undeclaredFields(item, parsed[i], `${path}[${i}]`));
  }
  if (!sent || typeof sent !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? undeclaredFields(value, (parsed as Record<string, unknown>)[key], at) : [at];
  });
}

/**
 * Why a success answer does not match the route's `responses` (undefined when it does): an
 * undeclared status, a body where none is declared or the reverse, a body its schema refuses,
 * or fields the schema does not name. Only run where ALP_VALIDATE_RESPONSES is set.
 */
export function responseMismatch(route: RouteDef, result: HttpResult): string | undefined {
  const status = result.statusCode ?? 200;
  if (status < 200 || status >= 300) return undefined;
  const schema = route.responses[status as SuccessStatus];
  if (schema === undefined) return `status ${status} is not among the route's responses`;
  if (schema === null) return result.body ? `status ${status} declares no body, but one was sent` : undefined;
  let sent: unknown;
  try {
    sent = JSON.parse(result.body ?? '');
  } catch {
    return 'the body is not JSON';
  }
  const parsed = schema.safeParse(sent);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  const extra = undeclaredFields(sent, parsed.data);
  return extra.length ? `fields not in the contract: ${extra.join(', ')}` : undefined;
}

/**
 * A reply's texts in `language`: the error's message and field messages, or a success body's
 * `message` (sign-up, a cancellation, a review …). Everything else (names, amounts) is data.
 */
export function inCallersLanguage(result: HttpResult, language: Language): HttpResult {
  if (language === 'en' || typeof result.body !== 'string' || !result.body.includes('"message"')) return result;
  let body: unknown;
  try {
    body = JSON.parse(result.body);
  } catch {
    return result;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return result;
  const { error, message } = body as { error?: { message?: unknown; details?: unknown }; message?: unknown };
  const translated: Record<string, unknown> = { ...body };
  if (typeof message === 'string') translated.message = inLanguage(message, language);
  if (error && typeof error === 'object' && typeof error.message === 'string') {
    translated.error = {
      ...error,
      message: inLanguage(error.message, language),
      ...(error.details === undefined ? {} : { details: detailsInLanguage(error.details, language) }),
    };
  }
  return { ...result, body: JSON.stringify(translated) };
}

type Handle<B, Q, P, U extends AuthUser | null> = (req: HttpRequest<B, Q, P> & { user: U }) => Promise<HttpResult>;
type UserFor<R extends RouteDef> = R['access'] extends 'public' ? AuthUser | null : AuthUser;
type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType ? z.output<R['query']> : Record<string, string>;
type ParamsOf<R extends RouteDef> = R['params'] extends z.ZodType ? z.output<R['params']> : Record<string, string>;

/**
 * Wraps a route's handler: checks access, then parses the path parameters, the body and the
 * query string with the route's own schemas (functions/<domain>/routes.ts), the same ones
 * docs/openapi.json documents.
 */
export function httpRoute<R extends RouteDef>(route: R, handle: Handle<BodyOf<R>, QueryOf<R>, ParamsOf<R>, UserFor<R>>) {
  const answer = async (event: HttpEvent, language: Language): Promise<HttpResult> => {
    try {
      const user = authUserFrom(event);
      annotateTrace('role', user?.role ?? 'anonymous');
      authorize(route, user);
      await requireSecondFactor(route, user, event);
      if (route.rateLimit) {
        const subject = route.rateLimit.per === 'user' && user ? `user:${user.id}` : `ip:${clientIp(event.headers, event.requestContext.http.sourceIp)}`;
        await enforceRateLimit(route.rateLimit, subject);
      }
      const decoded = decodePathParameters(event.pathParameters);
      const params: unknown = route.params ? parseInput(route.params, decoded, language) : decoded;
      const body: unknown = route.body ? parseInput(route.body, parseJsonBody(event) ?? {}, language) : undefined;
      // An empty value (`?q=`) means the same as leaving the parameter out, as forms send it.
      const rawQuery = Object.fromEntries(
        Object.entries(event.queryStringParameters ?? {}).flatMap(([k, v]) => (v ? [[k, v]] : [])),
      );
      const query: unknown = route.query ? parseInput(route.query, rawQuery, language) : rawQuery;
      const result = await handle({ body, user, params, query, event, language } as Parameters<typeof handle>[0]);
      if (process.env.ALP_VALIDATE_RESPONSES === 'true') {
        const mismatch = responseMismatch(route, result);
        // Contract drift: the SPA and docs/openapi.json would promise something else. Loud in tests.
        if (mismatch) {
          logger.error('Response does not match its contract', { route: `${route.method} ${route.path}`, status: result.statusCode, mismatch });
          return errorResult(500, 'response_contract', 'Something went wrong on our side. Please try again.');
        }
      }
      return result;
    } catch (error) {
      if (error instanceof DomainError) {
        if (error.status >= 500) {
          logger.error('Domain failure', { error });
          traceError(error);
        } else logger.info('Request refused', { code: error.code, status: error.status });
        const refused = errorResult(error.status, error.code, error.message, error.details);
        return error instanceof RateLimited ? { ...refused, headers: { ...refused.headers, 'retry-after': String(error.retryAfterSeconds) } } : refused;
      }
      logger.error('Unhandled error', { error: error as Error });
      traceError(error);
      return errorResult(500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
  };
  const core = async (event: HttpEvent, _context: Context): Promise<HttpResult> => {
    const correlationId = correlationIdFrom(event.headers?.[CORRELATION_HEADER], event.requestContext.requestId);
    logger.setCorrelationId(correlationId);
    // The route key (`GET /api/me`): what API Gateway's logs and metrics call the route too.
    const routeKey = `${route.method} ${route.path}`;
    try {
      const language = acceptedLanguage(event.headers?.['accept-language']);
      const result = await withCorrelationId(correlationId, () => traceInvocation(routeKey, { route: routeKey }, () => answer(event, language)));
      // Vary: any answer may carry a translated text, so no cache may hand one language's copy to the other.
      return { ...inCallersLanguage(result, language), headers: { ...result.headers, vary: 'Accept-Language', [CORRELATION_HEADER]: correlationId } };
    } finally {
      publishBusinessMetrics();
    }
  };
  return middy(core).use(injectLambdaContext(logger, { resetKeys: true }));
}
