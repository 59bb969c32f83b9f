/**
 * The one place that knows where the Amplify-backed auth module lives. Everything else reaches
 * it through these lazy loaders, so Amplify stays out of the entry chunk. An unexpired stored
 * session is read straight from storage: Amplify loads only to sign in or out, or to refresh.
 */
import { setAccessTokenProvider } from '../shared/api';
import { browserStorage, freshStoredSession, hasStoredSession } from '../features/auth/storage';
import type { AuthBackend, SessionUser } from '../features/auth/session';

export const loadAuthModule = () => import('../features/auth/amplify');

export const loadAuthBackend = (): Promise<AuthBackend> => loadAuthModule().then((m) => m.backend);

export const storedSessionExists = (): boolean => hasStoredSession(browserStorage());

/** The signed-in user when the stored tokens are still good (no Amplify needed), else null. */
export const storedUser = (): SessionUser | null => {
  const stored = freshStoredSession(browserStorage());
  return stored && { userId: stored.userId, ...(stored.email ? { email: stored.email } : {}) };
};

setAccessTokenProvider(async () => {
  const fresh = freshStoredSession(browserStorage());
  if (fresh) return fresh.accessToken;
  // Expired (or unreadable): Amplify refreshes it with the refresh token, or finds no session.
  return storedSessionExists() ? (await loadAuthModule()).getAccessToken() : undefined;
});
