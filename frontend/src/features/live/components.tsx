/** Pieces of the live lesson and demo pages: the frame around them, the classroom, the way on. */
import { useEffect, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { liveStatusBadge } from './live-view';
import { useLiveText } from './text';
import type { LiveSessionState } from '@functions/live/contract';
import { LEFT_CLASSROOM_MESSAGE } from '@functions/live/messages';
import '../bookings/bookings.css';
import './live.css';

export function LiveShell({ children }: { children: ReactNode }) {
  return <DashboardShell>{children}</DashboardShell>;
}

/**
 * The status as a live region: a screen reader hears "Session status: Live Session" when the
 * other party moves the class on, without the page taking focus.
 */
export function LiveStatus({ status }: { status: LiveSessionState }) {
  const t = useLiveText();
  const badge = liveStatusBadge(status, t);
  return (
    <p className="live-status" role="status" aria-live="polite">
      <span className="visually-hidden">{t('statusPrefix')} </span>
      <span className={`status-badge tone-${badge.tone}`}>{badge.label}</span>
    </p>
  );
}

/** What the browser lets the meeting use: camera, microphone, full screen and screen sharing. */
export const MEETING_ALLOW = 'camera; microphone; fullscreen; display-capture; autoplay';

/**
 * The provider's classroom in a frame (no video SDK in the app): 16:9, never shorter than a
 * usable room, the full width of a phone. Leave closes the frame here (the class goes on); so
 * does the provider's own Leave, which sends the frame to its logoutURL, /live-left.html: that
 * page, from this app's origin, posts LEFT_CLASSROOM_MESSAGE (functions/live/left-page.ts).
 */
export function MeetingFrame({ url, title, frameRef, onLeave }: {
  url: string;
  title: string;
  frameRef: RefObject<HTMLIFrameElement | null>;
  onLeave: () => void;
}) {
  const t = useLiveText();
  useEffect(() => {
    const left = (event: MessageEvent) => {
      // Only our own page, in this very frame: never another origin or window.
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      if (event.data === LEFT_CLASSROOM_MESSAGE) onLeave();
    };
    window.addEventListener('message', left);
    return () => window.removeEventListener('message', left);
  }, [frameRef, onLeave]);
  return (
    <div className="meeting">
      <iframe ref={frameRef} className="meeting-frame" src={url} title={title} allow={MEETING_ALLOW} allowFullScreen />
      <div className="meeting-actions">
        <Button size="sm" variant="secondary" onClick={onLeave}>
          {t('leave')}
        </Button>
      </div>
    </div>
  );
}

/** The live page's quick actions. */
export function QuickActions() {
  const t = useLiveText();
  return (
    <section className="card" aria-labelledby="live-quick-title">
      <h2 id="live-quick-title">{t('quick.title')}</h2>
      <ul role="list" className="live-quick">
        <li>
          <Link to={paths.myBookings} className={buttonClass('secondary', 'sm')}>
            {t('nav.myBookings')}
          </Link>
        </li>
        <li>
          <Link to={paths.browse()} className={buttonClass('secondary', 'sm')}>
            {t('nav.browse')}
          </Link>
        </li>
        <li>
          <Link to={paths.dashboard} className={buttonClass('secondary', 'sm')}>
            {t('nav.dashboard')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
