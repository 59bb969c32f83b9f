/**
 * The SPA's only HTTP client: same-origin JSON under /api, called by route name (`callApi`), with
 * argument and result types from the route's contracts. Signed-in calls get
 * `Authorization: Bearer <Cognito access token>` from a token provider that the app wires to
 * the lazily loaded auth module (so this file never imports Amplify).
 */
import type { RequestArgs, RouteName, RouteResponse } from '@functions/client';
import { activeLanguage } from './i18n/language';
import { apiText } from './messages/text';

/** One invalid field of a 400 reply: `path` is the field name ("hourlyRate", "levels.1"). */
export interface FieldProblem {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** True when `message` is the API's own user-facing text, safe to show as is. */
    readonly fromServer = false,
    /** Per-field problems of a validation failure (`error.details.fields`), if the API sent them. */
    readonly fields: readonly FieldProblem[] = [],
    /** The API's `error.details` as sent (e.g. a quota's `resetsAt`), for the page that knows its shape. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }

  /**
   * The record a link names does not exist: 404, or 400 from a read whose only input is its path
   * (an id that cannot name anything, e.g. a mistyped /tutor-profile/… link, is refused unread).
   */
  get namesNothing(): boolean {
    return this.status === 404 || (this.status === 400 && this.code === 'validation_failed');
  }
}

/** Maps a failed response to an ApiError. Any 401 is "Not authenticated", whatever the body. */
export function apiErrorFrom(status: number, payload: unknown): ApiError {
  if (status === 401) return new ApiError(401, 'not_authenticated', apiText('notAuthenticated'));
  if (payload && typeof payload === 'object') {
    const error = (payload as { error?: unknown }).error;
    if (error && typeof error === 'object') {
      const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
      if (typeof message === 'string' && message) {
        return new ApiError(status, typeof code === 'string' ? code : 'error', message, true, fieldProblems(details), details);
      }
    }
  }
  // API Gateway's own replies ({"message":"Forbidden"}, throttling, …) are not product texts.
  return new ApiError(status, status === 0 ? 'network_error' : 'http_error', apiText('requestFailed', { status }));
}

function fieldProblems(details: unknown): FieldProblem[] {
  const fields = details && typeof details === 'object' ? (details as { fields?: unknown }).fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field: unknown) => {
    const { path, message } = (field ?? {}) as { path?: unknown; message?: unknown };
    const name = Array.isArray(path) ? path.join('.') : path;
    return typeof name === 'string' && typeof message === 'string' ? [{ path: name, message }] : [];
  });
}

/** A reason to show after "Failed to …: ": the API's own text, else a generic one. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.fromServer || error.status === 0 || error.status === 401 ? error.message : apiText('tryLater');
  return error instanceof Error && error.message ? error.message : apiText('tryLater');
}

/** TanStack Query retry policy: up to 3 retries, but never for a definitive 4xx answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

type TokenProvider = () => Promise<string | undefined>;
let tokenProvider: TokenProvider | undefined;

/** Called once by the app: how to get a fresh access token (Amplify refreshes it when needed). */
export function setAccessTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

/** The signed-in user's access token (undefined when signed out): for what is not a fetch, e.g. the conversations WebSocket. */
export async function currentAccessToken(): Promise<string | undefined> {
  try {
    return await tokenProvider?.();
  } catch {
    return undefined;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the signed-in user's access token; fails with 401 "Not authenticated" without one. */
  auth?: boolean;
  signal?: AbortSignal;
  /** The ETag of the copy the caller holds: a 304 answer resolves to {@link NOT_MODIFIED}. */
  ifNoneMatch?: string;
  /** Told the answer's ETag (null without one). */
  onEtag?: (etag: string | null) => void;
}

/** What `api` resolves to when the server answered 304 Not Modified to `ifNoneMatch`. */
export const NOT_MODIFIED = Symbol('not modified');

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function api<T>(path: `/api/${string}`, request: ApiRequest = {}): Promise<T> {
  // The API answers its texts (errors, field messages) in the language asked for.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': activeLanguage() };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.ifNoneMatch) headers['if-none-match'] = request.ifNoneMatch;
  if (request.auth) {
    let token: string | undefined;
    try {
      token = await tokenProvider?.();
    } catch {
      token = undefined;
    }
    if (!token) throw new ApiError(401, 'not_authenticated', apiText('notAuthenticated'));
    headers.authorization = `Bearer ${token}`;
  }

  let res: Response;
  try {
    res = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', apiText('networkError'));
  }

  if (res.status === 304 && request.ifNoneMatch) return NOT_MODIFIED as T;
  const payload = await readJson(res);
  if (!res.ok) throw apiErrorFrom(res.status, payload);
  request.onEtag?.(res.headers.get('etag'));
  return payload as T;
}

/**
 * Calls route `name` of functions/routes.ts: `callApi('getTutor', { params: { tutorId } })`.
 * Method, path and whether to send the token come from the route table.
 */
export async function callApi<N extends RouteName>(name: N, ...[request]: RequestArgs<N, { signal?: AbortSignal }>): Promise<RouteResponse<N>> {
  const { method, url, auth, body } = (await loadRouteTable()).routeCall(name, request);
  return api<RouteResponse<N>>(url, { method, auth, body, signal: request?.signal });
}

/**
 * A GET by route name that the server may answer 304 to: `null` while the copy with `etag` is
 * still current, else the new answer and its ETag (polling without downloading what is known).
 */
export async function callApiIfChanged<N extends RouteName>(
  name: N, etag: string | undefined, ...[request]: RequestArgs<N, { signal?: AbortSignal }>
): Promise<{ body: RouteResponse<N>; etag: string | undefined } | null> {
  const { method, url, auth, body } = (await loadRouteTable()).routeCall(name, request);
  let received: string | undefined;
  const answer = await api<RouteResponse<N> | typeof NOT_MODIFIED>(url, {
    method, auth, body, signal: request?.signal, ifNoneMatch: etag, onEtag: (value) => { received = value ?? undefined; },
  });
  return answer === NOT_MODIFIED ? null : { body: answer, etag: received };
}

/**
 * The route table's methods and paths (functions/route-map.ts, about 1.5 KB gzip) are a chunk of
 * their own: the landing page calls no API and does not download them; index.html and the other
 * prerendered pages preload the chunk (frontend/early-chunks.ts), so a page's first call
 * does not wait for it. Offline, the failed download is the network error a call would have met.
 */
function loadRouteTable() {
  return import('@functions/client').catch(() => {
    throw new ApiError(0, 'network_error', apiText('networkError'));
  });
}
