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
