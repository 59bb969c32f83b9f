/**
 * The dashboard's focus timer (study timer): 25 minutes, start, pause, reset. The time
 * shown is computed from timestamps (focus-timer.ts); the interval only asks for a repaint, so a
 * throttled background tab shows the right time the moment it is looked at again. The state is
 * kept in sessionStorage so a reload does not lose a running timer.
 */
import { useEffect, useState } from 'react';
import { Button } from '../../shared/ui/Button';
import {
  clockText, idleTimer, pauseTimer, remainingMs, resetTimer, startTimer, timerPhase, type FocusTimer as Timer,
} from './focus-timer';
import { useProgressText } from './text';
import './progress.css';

const STORAGE_KEY = 'alp.focusTimer';
const REPAINT_MS = 250;

function stored(): Timer {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Timer> | null;
    if (value && typeof value.elapsedMs === 'number' && (value.runningSince === null || typeof value.runningSince === 'number')) {
      return { elapsedMs: value.elapsedMs, runningSince: value.runningSince };
    }
  } catch {
    // Storage unavailable or not ours: start fresh.
  }
  return idleTimer;
}

export function FocusTimer() {
  const t = useProgressText();
  const [timer, setTimer] = useState(stored);
  const [now, setNow] = useState(() => Date.now());
  const phase = timerPhase(timer, now);

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(timer));
    } catch {
      // A private window may refuse storage; the timer still works until a reload.
    }
  }, [timer]);

  useEffect(() => {
    if (phase !== 'running') return;
    const repaint = () => setNow(Date.now());
    const interval = setInterval(repaint, REPAINT_MS);
    document.addEventListener('visibilitychange', repaint);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', repaint);
    };
  }, [phase]);

  const act = (change: (timer: Timer, at: number) => Timer) => {
    const at = Date.now();
    setNow(at);
    setTimer((current) => change(current, at));
  };

  return (
    <section className="card focus-timer" aria-labelledby="focus-timer-title">
      <h2 id="focus-timer-title">{t('timer.title')}</h2>
      <p className="focus-time" role="timer" aria-label={t('timer.left', { time: clockText(remainingMs(timer, now)) })}>
        {clockText(remainingMs(timer, now))}
      </p>
      <p className="visually-hidden" role="status">
        {phase === 'done' ? t('timer.over') : ''}
      </p>
      <p className="muted focus-note" aria-hidden={phase === 'done' || undefined}>
        {t(phase === 'done' ? 'timer.wellDone' : phase === 'paused' ? 'timer.paused' : 'timer.intro')}
      </p>
      <div className="actions">
        {phase === 'running' ? (
          <Button size="sm" onClick={() => act(pauseTimer)}>
            {t('timer.pause')}
          </Button>
        ) : (
          <Button size="sm" disabled={phase === 'done'} onClick={() => act(startTimer)}>
            {t(phase === 'paused' ? 'timer.resume' : 'timer.start')}
          </Button>
        )}
        <Button size="sm" variant="secondary" disabled={phase === 'idle'} onClick={() => act(resetTimer)}>
          {t('timer.reset')}
        </Button>
      </div>
    </section>
  );
}
