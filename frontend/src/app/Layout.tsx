import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSignOutToHome, useViewer } from '../features/auth';
import { HeaderAccountContext, type HeaderAccount } from '../shared/ui/header-account';
import { OfflineBanner } from '../shared/ui/Offline';
import { PageLoading } from '../shared/ui/Spinner';
import { ErrorBoundary } from './ErrorBoundary';

/** How long a new page may take to show its heading (chunk + data) before we stop waiting. */
const HEADING_WAIT_MS = 10_000;

/** Only parents have it, so nobody else downloads it. */
const LearnerSwitcher = lazy(() => import('../features/households/LearnerSwitcher'));
/** Only families and tutors have conversations; visitors do not download the client. */
const InboxUnreadWatcher = lazy(() => import('../features/conversations/InboxUnreadWatcher'));

/**
 * After an in-app navigation, focus goes to the new page's <h1> once it is rendered, so a screen
 * reader starts reading there and the next Tab continues in the page, not from <body>. Not on the
 * first load (the browser starts at the top), and never over focus the user has already placed.
 */
function useFocusHeadingOnNavigation(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusHeading = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return true; // the user (or the page) chose
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/** The site header's links follow the account (shared/ui/SiteHeader cannot ask the auth feature itself). */
function HeaderAccountProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const signOut = useSignOutToHome();
  const role = viewer.kind === 'user' ? viewer.role : undefined;
  // Families and tutors have conversations: the header counts their unread messages.
  const converses = role === 'student' || role === 'parent' || role === 'tutor';
  const [counted, setUnread] = useState<number | undefined>();
  const unread = converses ? counted : undefined;
  const account = useMemo<HeaderAccount>(
    () => (role
      ? { kind: 'user', role, signOut, unread, ...(role === 'parent' ? { control: <Suspense fallback={null}><LearnerSwitcher /></Suspense> } : {}) }
      : { kind: viewer.kind === 'visitor' ? 'visitor' : 'loading' }),
    [role, signOut, viewer.kind, unread],
  );
  return (
    <HeaderAccountContext value={account}>
      {converses && <Suspense fallback={null}><InboxUnreadWatcher onUnread={setUnread} /></Suspense>}
      {children}
    </HeaderAccountContext>
  );
}

/** Every page renders under the offline banner, inside one Suspense boundary (route chunks) and one error boundary. */
export function Layout() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useFocusHeadingOnNavigation(pathname);

  return (
    <HeaderAccountProvider>
      <OfflineBanner />
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </HeaderAccountProvider>
  );
}
