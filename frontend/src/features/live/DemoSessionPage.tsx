/**
 * /live-tutoring/demo-session (spec §2, "Try Demo First" on a tutor's profile): any signed-in user
 * sees what a live lesson is like in a private demo room. No booking, no charge, nothing stored.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { liveMessages } from '@functions/live/messages';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { LiveShell, MeetingFrame, QuickActions } from './components';
import { useJoinDemoSession } from './live-api';
import { useFocusLater } from './use-focus-later';

const WHAT_HAPPENS = [
  ['Your tutor opens the room', 'At the lesson time (from 15 minutes before) your tutor starts the class; your page opens it for you.'],
  ['Camera, microphone and screen', 'The classroom runs in your browser: allow your camera and microphone when it asks. Your tutor can share a screen or a whiteboard.'],
  ['Nothing to install', 'It works in the browser of a phone or a computer.'],
  ['After the lesson', 'When your tutor ends the session, the lesson shows as completed in My Bookings.'],
] as const;

export function DemoSessionPage() {
  useDocumentTitle('Demo classroom');
  const toast = useToast();
  const demo = useJoinDemoSession();
  const [joinUrl, setJoinUrl] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const setFocus = useFocusLater(useMemo(() => ({ frame, start: startButton }), []));

  const leave = useCallback(() => {
    setJoinUrl(null);
    setFocus('start');
  }, [setFocus]);

  const start = async () => {
    try {
      const answer = await demo.mutateAsync();
      setJoinUrl(answer.joinUrl);
      setFocus('frame');
    } catch (error) {
      console.error('Demo join failed', error);
      toast.error(liveMessages.joinFailed);
    }
  };

  return (
    <LiveShell>
      <div className="dashboard-title live-title">
        <h1>Try a live class</h1>
        <p className="muted">A private demo room, just for you: no booking and no charge.</p>
      </div>
      <div className="live-layout">
        <section className="card live-stage" aria-labelledby="demo-stage-title">
          <h2 id="demo-stage-title">Demo classroom</h2>
          {joinUrl ? (
            <MeetingFrame
              url={joinUrl}
              title="Demo classroom"
              frameRef={frame}
              onLeave={leave}
            />
          ) : (
            <>
              <p className="live-hint">Open the demo room to see the classroom your lessons happen in.</p>
              <div className="live-actions">
                <Button ref={startButton} busy={demo.isPending} onClick={() => void start()}>
                  Start demo
                </Button>
              </div>
            </>
          )}
        </section>
        <div className="live-side">
          <section className="card" aria-labelledby="demo-how-title">
            <h2 id="demo-how-title">How a live lesson works</h2>
            <dl className="live-how">
              {WHAT_HAPPENS.map(([term, text]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          </section>
          <QuickActions />
        </div>
      </div>
    </LiveShell>
  );
}
