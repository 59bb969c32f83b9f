/**
 * Saves a finished AI game to the student's progress: one request when the result shows, a quiet
 * note on the outcome, and Retry (same game id: the server saves it once) if it failed. Playing
 * on never waits for it.
 */
import { useEffect, useRef, useState } from 'react';
import type { SaveGameRequest } from '@functions/progress/contract';
import { Button } from '../../shared/ui/Button';
import { useLearnerScope } from '../households';
import { useSaveGame } from './progress-api';
import { useProgressText } from './text';
import './progress.css';

export function SaveGameResult({ result }: { result: Omit<SaveGameRequest, 'gameId'> }) {
  const t = useProgressText();
  // One id per finished game: this component mounts once per result.
  const [gameId] = useState(() => crypto.randomUUID());
  // The child chosen when the game ended played it (a parent's switch afterwards does not move it).
  const scope = useLearnerScope();
  const [learnerId] = useState(scope.learnerId);
  const save = useSaveGame();
  const { mutate } = save;
  const sent = useRef(false);
  useEffect(() => {
    // StrictMode mounts twice in development: still one request.
    if (sent.current) return;
    sent.current = true;
    mutate({ ...result, gameId, ...(learnerId ? { learnerId } : {}) });
  }, [mutate, result, gameId, learnerId]);

  return (
    <div className="game-save" role="status">
      {save.isPending && <span className="muted">{t('save.saving')}</span>}
      {save.isSuccess && <span className="muted">{t('save.saved')}</span>}
      {save.isError && (
        <span className="game-save-failed">
          {t('save.failed')}{' '}
          <Button size="sm" variant="ghost" onClick={() => mutate({ ...result, gameId, ...(learnerId ? { learnerId } : {}) })}>
            {t('save.retry')}
          </Button>
        </span>
      )}
    </div>
  );
}
