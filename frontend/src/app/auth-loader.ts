/**
 * The one place that knows where the Amplify-backed auth module lives. Everything else reaches
 * it through these lazy loaders, so Amplify stays out of the entry chunk.
 */
import { setAccessTokenProvider } from '../shared/api';
import { browserStorage, hasStoredSession } from '../features/auth/storage';
import type { AuthBackend } from '../features/auth/session';

export const loadAuthModule = () => import('../features/auth/amplify');

export const loadAuthBackend = (): Promise<AuthBackend> => loadAuthModule().then((m) => m.backend);

export const storedSessionExists = (): boolean => hasStoredSession(browserStorage());

setAccessTokenProvider(async () => (storedSessionExists() ? (await loadAuthModule()).getAccessToken() : undefined));
