/**
 * What Amplify leaves in localStorage, read WITHOUT loading Amplify. A signed-out visitor on a
 * phone must not download the auth bundle just to learn that nobody is signed in, so the app
 * looks for Amplify's "last signed-in user" key first and loads the auth module only if it exists.
 *
 * Amplify v6 token store keys look like
 *   CognitoIdentityServiceProvider.{clientId}.LastAuthUser
 *   CognitoIdentityServiceProvider.{clientId}.{username}.accessToken   (idToken, refreshToken, …)
 */

/** The subset of `Storage` these helpers use (a plain fake works in tests). */
export interface KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  removeItem(key: string): void;
}

export const LAST_AUTH_USER_KEY = /^CognitoIdentityServiceProvider\..+\.LastAuthUser$/;

/** Key prefixes that "Clear Auth & Refresh" removes. */
export const AUTH_KEY_PREFIXES = ['CognitoIdentityServiceProvider.', 'amplify'] as const;

function keysOf(store: KeyValueStore): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** True when Amplify has remembered a signed-in user (tokens may still be expired or revoked). */
export function hasStoredSession(store: KeyValueStore | undefined): boolean {
  if (!store) return false;
  try {
    return keysOf(store).some((key) => LAST_AUTH_USER_KEY.test(key) && Boolean(store.getItem(key)));
  } catch {
    // Storage can throw (privacy modes, disabled storage): treat as signed out.
    return false;
  }
}

/** The signed-in user and a usable access token, read from storage alone. */
export interface StoredSession {
  userId: string;
  email?: string;
  accessToken: string;
}

/**
 * A token this close to expiry counts as expired (Amplify's own margin is 5 s): the request it
 * goes on must still reach the API in time, on a slow phone connection too.
 */
export const EXPIRY_MARGIN_MS = 30_000;

/**
 * The stored session when Amplify would use its tokens as they are (access and ID token
 * unexpired, allowing for the clock drift Amplify measured at sign-in), else null: then only
 * Amplify can tell (refresh the tokens, or find the session gone). Reading it needs no Amplify,
 * so a returning user's page starts its API calls without downloading the auth bundle.
 * The tokens are not verified here: the API does that on every call.
 */
export function freshStoredSession(store: KeyValueStore | undefined, now = Date.now()): StoredSession | null {
  if (!store) return null;
  try {
    const users = keysOf(store).filter((key) => LAST_AUTH_USER_KEY.test(key) && store.getItem(key));
    // Two app clients on one origin: leave the choice to Amplify, which knows its configuration.
    if (users.length !== 1) return null;
    const prefix = `${users[0]!.slice(0, -'.LastAuthUser'.length)}.${store.getItem(users[0]!)}`;
    const accessToken = store.getItem(`${prefix}.accessToken`);
    const access = accessToken ? jwtPayload(accessToken) : null;
    const idToken = store.getItem(`${prefix}.idToken`);
    const id = idToken ? jwtPayload(idToken) : null;
    if (!accessToken || !access || (idToken && !id)) return null;
    const drift = Number.parseInt(store.getItem(`${prefix}.clockDrift`) ?? '0', 10) || 0;
    const usable = (payload: Record<string, unknown>) =>
      typeof payload.exp === 'number' && now + drift + EXPIRY_MARGIN_MS < payload.exp * 1000;
    if (!usable(access) || (id && !usable(id)) || typeof access.sub !== 'string') return null;
    const email = id?.email;
    return { userId: access.sub, accessToken, ...(typeof email === 'string' ? { email } : {}) };
  } catch {
    return null;
  }
}

/** The claims of a JWT (base64url JSON, UTF-8), or null when it is not one. */
function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Removes every stored authentication key; returns the keys removed. */
export function clearStoredAuth(store: KeyValueStore | undefined): string[] {
  if (!store) return [];
  try {
    const doomed = keysOf(store).filter((key) => AUTH_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)));
    for (const key of doomed) store.removeItem(key);
    return doomed;
  } catch {
    return [];
  }
}

/** `window.localStorage`, or undefined where it is unavailable or throws on access. */
export function browserStorage(): KeyValueStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
