/**
 * /live-tutoring/demo-session ("Try Demo First" on a tutor's profile): any signed-in user
 * sees what a live lesson is like in a private demo room. No booking, no charge, nothing stored.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { LiveShell, MeetingFrame, QuickActions } from './components';
import { useJoinDemoSession } from './live-api';
import { useFocusLater } from './use-focus-later';
import { useLiveDemoText } from './demo-text';
import { useLiveText } from './text';

const WHAT_HAPPENS = [
  ['step.opens.term', 'step.opens.text'],
  ['step.media.term', 'step.media.text'],
  ['step.install.term', 'step.install.text'],
  ['step.after.term', 'step.after.text'],
] as const;

export function DemoSessionPage() {
  const t = useLiveDemoText();
  const live = useLiveText();
  useDocumentTitle(t('title'));
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
      toast.error(live('toast.joinFailed'));
    }
  };

  return (
    <LiveShell>
      <div className="dashboard-title live-title">
        <h1>{t('heading')}</h1>
        <p className="muted">{t('lead')}</p>
      </div>
      <div className="live-layout">
        <section className="card live-stage" aria-labelledby="demo-stage-title">
          <h2 id="demo-stage-title">{t('title')}</h2>
          {joinUrl ? (
            <MeetingFrame
              url={joinUrl}
              title={t('title')}
              frameRef={frame}
              onLeave={leave}
            />
          ) : (
            <>
              <p className="live-hint">{t('hint')}</p>
              <div className="live-actions">
                <Button ref={startButton} busy={demo.isPending} onClick={() => void start()}>
                  {t('start')}
                </Button>
              </div>
            </>
          )}
        </section>
        <div className="live-side">
          <section className="card" aria-labelledby="demo-how-title">
            <h2 id="demo-how-title">{t('how')}</h2>
            <dl className="live-how">
              {WHAT_HAPPENS.map(([term, text]) => (
                <div key={term}>
                  <dt>{t(term)}</dt>
                  <dd>{t(text)}</dd>
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
