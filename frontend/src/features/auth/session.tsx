/**
 * Session state for the whole app WITHOUT a static Amplify import. If localStorage holds no
 * Amplify "LastAuthUser" key the visitor is signed out immediately and Amplify is never
 * downloaded; if it holds unexpired tokens the user is signed in from the first render, still
 * without Amplify; otherwise the auth module is loaded and asked (it refreshes expired tokens).
 */
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../shared/paths';
import { LAST_AUTH_USER_KEY } from './storage';

export interface SessionUser {
  userId: string;
  email?: string;
}

export type Session = { status: 'loading' } | { status: 'signed-out' } | ({ status: 'signed-in' } & SessionUser);

/** What the lazily loaded auth module (./amplify) offers the session. */
export interface AuthBackend {
  currentUser(): Promise<SessionUser | null>;
  signOut(options: { global: boolean }): Promise<void>;
}

interface SessionContextValue {
  session: Session;
  /** Re-reads the session (after sign-in or confirmation). */
  refresh(): Promise<Session>;
  /** Global sign-out (all devices), then forget cached server data. Never throws. */
  signOut(): Promise<void>;
  /** The API refused our token: drop the local session without calling Cognito. */
  expire(): Promise<void>;
}

const SIGNED_OUT: Session = { status: 'signed-out' };
const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider(props: {
  loadBackend: () => Promise<AuthBackend>;
  hasStoredSession: () => boolean;
  /** The user of unexpired stored tokens, read without the backend; null when only it can tell. */
  storedUser: () => SessionUser | null;
  children: ReactNode;
}) {
  const { loadBackend, hasStoredSession, storedUser } = props;
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>(() => {
    const user = storedUser();
    if (user) return { status: 'signed-in', ...user };
    return hasStoredSession() ? { status: 'loading' } : SIGNED_OUT;
  });
  const generation = useRef(0);

  const refresh = useCallback(async (): Promise<Session> => {
    const mine = ++generation.current;
    let next: Session = SIGNED_OUT;
    const stored = storedUser();
    if (stored) {
      next = { status: 'signed-in', ...stored };
    } else if (hasStoredSession()) {
      try {
        const user = await (await loadBackend()).currentUser();
        if (user) next = { status: 'signed-in', ...user };
      } catch (error) {
        console.error('Could not restore the session', error);
      }
    }
    // A newer refresh (or a sign-out) wins over this one.
    if (mine === generation.current) setSession(next);
    return next;
  }, [hasStoredSession, loadBackend, storedUser]);

  const end = useCallback(
    async (global: boolean) => {
      generation.current += 1;
      try {
        await (await loadBackend()).signOut({ global });
      } catch (error) {
        console.error('Sign out failed', error);
      }
      queryClient.clear();
      setSession(SIGNED_OUT);
    },
    [loadBackend, queryClient],
  );
  const signOut = useCallback(() => end(true), [end]);
  const expire = useCallback(() => end(false), [end]);

  // Restore a stored session whose tokens need Amplify once, on start; later refreshes are explicit.
  useEffect(() => {
    if (generation.current === 0 && session.status === 'loading') void refresh();
  }, [session.status, refresh]);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || LAST_AUTH_USER_KEY.test(event.key)) void refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const value = useMemo(() => ({ session, refresh, signOut, expire }), [session, refresh, signOut, expire]);
  return <SessionContext value={value}>{props.children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** Sign Out buttons outside the landing page: global sign-out, then a fresh start at "/". */
export function useSignOutToHome(): () => Promise<void> {
  const { signOut } = useSession();
  return useCallback(async () => {
    await signOut();
    window.location.assign(paths.home);
  }, [signOut]);
}
