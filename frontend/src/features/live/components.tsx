/** Pieces of the live lesson and demo pages: the frame around them, the classroom, the way on. */
import { useEffect, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { useSignOutToHome } from '../auth';
import { liveStatusBadge } from './live-view';
import type { LiveSessionState } from '@functions/live/contract';
import '../bookings/bookings.css';
import './live.css';

const NAV = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.myBookings, label: 'My Bookings' },
] as const;

export function LiveShell({ children }: { children: ReactNode }) {
  const signOut = useSignOutToHome();
  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      {children}
    </DashboardShell>
  );
}

/**
 * The status as a live region: a screen reader hears "Session status: Live Session" when the
 * other party moves the class on, without the page taking focus.
 */
export function LiveStatus({ status }: { status: LiveSessionState }) {
  const badge = liveStatusBadge(status);
  return (
    <p className="live-status" role="status" aria-live="polite">
      <span className="visually-hidden">Session status: </span>
      <span className={`status-badge tone-${badge.tone}`}>{badge.label}</span>
    </p>
  );
}

/** What the browser lets the meeting use: camera, microphone, full screen and screen sharing. */
export const MEETING_ALLOW = 'camera; microphone; fullscreen; display-capture; autoplay';

/**
 * The provider's classroom in a frame (no video SDK in the app): 16:9, never shorter than a
 * usable room, the full width of a phone. Leave closes the frame here (the class goes on); so
 * does the provider's own Leave, which sends the frame to this page (see `LeftClassroom`).
 */
export function MeetingFrame({ url, title, frameRef, onLeave }: {
  url: string;
  title: string;
  frameRef: RefObject<HTMLIFrameElement | null>;
  onLeave: () => void;
}) {
  useEffect(() => {
    const left = (event: MessageEvent) => {
      if (event.origin === window.location.origin && event.data === LEFT_CLASSROOM && event.source === frameRef.current?.contentWindow) onLeave();
    };
    window.addEventListener('message', left);
    return () => window.removeEventListener('message', left);
  }, [frameRef, onLeave]);
  return (
    <div className="meeting">
      <iframe ref={frameRef} className="meeting-frame" src={url} title={title} allow={MEETING_ALLOW} allowFullScreen />
      <div className="meeting-actions">
        <Button size="sm" variant="secondary" onClick={onLeave}>
          Leave classroom
        </Button>
      </div>
    </div>
  );
}

const LEFT_CLASSROOM = 'alp:left-classroom';

/**
 * Whether this page runs inside the classroom frame of one of our own pages: the provider sends
 * a user who leaves to its logoutURL, which is this page, and it loads inside the frame.
 */
export function insideOwnClassroomFrame(): boolean {
  try {
    return window.parent !== window && window.parent.location.origin === window.location.origin;
  } catch {
    // A cross-origin parent can't be read: someone else's frame, not ours.
    return false;
  }
}

/** This page in the classroom frame: it tells the page around it, which closes the frame. */
export function LeftClassroom() {
  useEffect(() => {
    window.parent.postMessage(LEFT_CLASSROOM, window.location.origin);
  }, []);
  return <p className="live-left">You left the classroom.</p>;
}

/** Spec §2: the live page's quick actions. */
export function QuickActions() {
  return (
    <section className="card" aria-labelledby="live-quick-title">
      <h2 id="live-quick-title">Quick actions</h2>
      <ul role="list" className="live-quick">
        <li>
          <Link to={paths.myBookings} className={buttonClass('secondary', 'sm')}>
            My Bookings
          </Link>
        </li>
        <li>
          <Link to={paths.browse()} className={buttonClass('secondary', 'sm')}>
            Browse Tutors
          </Link>
        </li>
        <li>
          <Link to={paths.dashboard} className={buttonClass('secondary', 'sm')}>
            Dashboard
          </Link>
        </li>
      </ul>
    </section>
  );
}
