/**
 * One game (/ai-learning): asks the server for a quiz once, then plays it by the
 * rules of ./game (QuizPlayer, which also plays the study assistant's quizzes). Keyboard: A–D
 * choose, Enter goes on. Screen readers hear each result, and the speed timer once, at 10 seconds,
 * not every second.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ASSISTANT_SUBJECTS, QUIZ_SUBJECTS, type AssistantSubjectName, type QuizSubjectName } from '@functions/ai/catalog';
import type { QuizQuestion } from '@functions/ai/contract';
import { GAME_MODE_NAMES } from '@functions/progress/catalog';
import { Button } from '../../shared/ui/Button';
import { InlineLoading } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { SaveGameResult } from '../progress';
import { useGenerateQuiz } from './ai-api';
import {
  gameProgress, gameReducer, gameResult, isAiQuestion, modeOpen, newGame, optionForKey, optionLetter, POOL_SIZE,
  type AnswerRecord, type GameAction, type GameState, type PlayerAction,
} from './game';
import { useAiText } from './text';

/** Progress records games of the six game subjects (an assistant's quiz may be on another). */
const isQuizSubject = (subject: string): subject is QuizSubjectName => (QUIZ_SUBJECTS as readonly string[]).includes(subject);
const isAiSubject = (subject: string): subject is AssistantSubjectName => (ASSISTANT_SUBJECTS as readonly string[]).includes(subject);

/** How often the speed timer looks at the clock (the display changes once a second). */
const TICK_MS = 250;

/** Typing in a field, or a key combination, is not a game key. */
function isGameKey(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  return !target?.closest('input, textarea, select, [contenteditable="true"]');
}

export function QuizGame({ subject, topic, onBack }: { subject: QuizSubjectName; topic?: string | undefined; onBack: () => void }) {
  const toast = useToast();
  const generate = useGenerateQuiz();
  const [questions, setQuestions] = useState<QuizQuestion[] | null>(null);
  const [failed, setFailed] = useState(false);
  const t = useAiText();
  const failedText = t('game.failed');

  const { mutateAsync } = generate;
  const load = useCallback(async () => {
    setFailed(false);
    try {
      const quiz = await mutateAsync({ subject, difficulty: 'mixed', count: POOL_SIZE, ...(topic ? { topic } : {}) });
      setQuestions(quiz.questions);
      // The server's text, or the quota text when the AI was not asked.
      if (quiz.source === 'ai') toast.success(quiz.message);
      else toast.info(quiz.message);
    } catch (error) {
      console.error('Quiz generation failed', error);
      setFailed(true);
      toast.error(failedText);
    }
  }, [mutateAsync, subject, topic, toast, failedText]);

  // One request per game; StrictMode's second mount must not ask (and spend quota) again.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void load();
  }, [load]);

  return (
    <div className="ai-game">
      <div className="ai-game-bar">
        <Button variant="ghost" size="sm" onClick={onBack}>
          {t('game.back')}
        </Button>
      </div>
      <h1 className="ai-game-title">{t('game.title', { subject: t(`subject.${subject}`) })}</h1>
      {questions ? (
        <QuizPlayer subject={subject} questions={questions} onBack={onBack} backLabel={t('game.another')} />
      ) : failed ? (
        <div className="card state-card" role="alert">
          <h2>{failedText}</h2>
          <Button busy={generate.isPending} onClick={() => void load()}>
            {t('game.retry')}
          </Button>
        </div>
      ) : (
        <section className="card">
          <InlineLoading label={t('game.preparing')} />
        </section>
      )}
    </div>
  );
}

/**
 * Plays a quiz already in hand (a game's, or one the study assistant wrote) by the rules of
 * ./game. Only one may be on screen at a time: it listens to the whole window's keys.
 */
export function QuizPlayer({ subject, questions, onBack, backLabel, autoFocus = false }: {
  subject: string;
  questions: readonly QuizQuestion[];
  onBack: () => void;
  backLabel: string;
  /** Move focus to the first question (opened inside a page, so the A–D keys reach it). */
  autoFocus?: boolean;
}) {
  const [game, setGame] = useState<GameState>(() => newGame(questions, Date.now()));
  const t = useAiText();
  const play = useCallback((action: PlayerAction) => {
    setGame((current) => gameReducer(current, { ...action, now: Date.now() } as GameAction));
  }, []);

  // The speed timer: the rules compare the deadline with the clock; this only wakes them up.
  const running = game.deadline != null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => play({ type: 'tick' }), TICK_MS);
    return () => clearInterval(timer);
  }, [running, play]);

  const phase = game.phase;
  const optionCount = game.played.at(-1)?.options.length ?? 0;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isGameKey(event)) return;
      const choice = optionForKey(event.key, optionCount);
      if (phase === 'asking' && choice !== null) {
        event.preventDefault();
        play({ type: 'answer', choice });
      } else if (phase === 'answered' && event.key === 'Enter' && !(event.target as HTMLElement).closest('button, a')) {
        // A focused button answers Enter itself (Next has focus after an answer).
        event.preventDefault();
        play({ type: 'next' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, optionCount, play]);

  return (
    <>
      <div className="ai-game-bar ai-game-restart">
        <Button variant="secondary" size="sm" onClick={() => play({ type: 'restart' })}>
          {t('game.restart')}
        </Button>
      </div>
      <GameBoard subject={subject} game={game} play={play} onBack={onBack} backLabel={backLabel} autoFocus={autoFocus} />
    </>
  );
}

function GameBoard({ subject, game, play, onBack, backLabel, autoFocus }: {
  subject: string;
  backLabel: string;
  autoFocus: boolean;
  game: GameState;
  play: (action: PlayerAction) => void;
  onBack: () => void;
}) {
  const question = game.played.at(-1);
  const progress = gameProgress(game);
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLHeadingElement>(null);
  const t = useAiText();
  // The assistant's quizzes may be on any subject it was asked about: a known one is named in the reader's language.
  const subjectName = isAiSubject(subject) ? t(`subject.${subject}`) : subject;

  // Focus follows the game: the new question, then Next once it is answered, then the result.
  useEffect(() => {
    if (game.phase === 'answered') nextButton.current?.focus();
    else if (game.phase === 'finished') done.current?.focus();
    else if (game.answers.length > 0 || autoFocus) heading.current?.focus();
  }, [game.phase, game.answers.length, autoFocus]);

  if (game.phase === 'finished' || !question) {
    const result = gameResult(game);
    return (
      <section className="card ai-finished" aria-labelledby="ai-finished-title">
        <h2 id="ai-finished-title" ref={done} tabIndex={-1}>
          {t('game.completed', { score: game.score })}
        </h2>
        <p>
          {t('game.summary', { correct: progress.correctCount, total: game.total, mode: t(`mode.${game.mode}`) })}
        </p>
        {result && isQuizSubject(subject) && <SaveGameResult result={{ subject, ...result }} />}
        <div className="actions">
          <Button onClick={() => play({ type: 'restart' })}>{t('game.again')}</Button>
          <Button variant="secondary" onClick={onBack}>
            {backLabel}
          </Button>
        </div>
      </section>
    );
  }

  const answered = progress.lastAnswer;
  return (
    <section className="card ai-board" aria-labelledby="ai-question">
      <div className="ai-badges">
        <span className="badge">{subjectName}</span>
        <span className="badge ai-level">{t(`difficulty.${question.difficulty}`)}</span>
        {isAiQuestion(question) && <span className="badge ai-badge">{t('game.aiBadge')}</span>}
      </div>
      <dl className="ai-stats">
        <div>
          <dt>{t('game.score')}</dt>
          <dd>{game.score}</dd>
        </div>
        <div>
          <dt>{t('game.streak')}</dt>
          <dd>{game.streak}</dd>
        </div>
        {game.secondsLeft !== null && (
          <div className={`ai-timer${progress.warning ? ' ai-timer-warning' : ''}`}>
            <dt>{t('game.timeLeft')}</dt>
            <dd>{t('game.seconds', { seconds: game.secondsLeft })}</dd>
          </div>
        )}
      </dl>
      {/* Announced once as it crosses 10 s, not every second. */}
      <p className="visually-hidden" role="status">
        {progress.warning && game.phase === 'asking' ? t('game.tenSeconds') : ''}
      </p>
      <div className="ai-progress">
        <span>{t('game.question', { number: progress.number, total: progress.total })}</span>
        <span>{t('game.percent', { percent: progress.percent })}</span>
        <progress className="brand-progress" max={100} value={progress.percent} aria-label={t('game.progress')} />
      </div>
      {modeOpen(game) && <ModeChooser mode={game.mode} onMode={(mode) => play({ type: 'mode', mode })} />}
      <h2 id="ai-question" className="ai-question" ref={heading} tabIndex={-1}>
        {question.question}
      </h2>
      <Options question={question} answered={answered} onChoose={(choice) => play({ type: 'answer', choice })} />
      <div role="status" className="ai-result">
        {answered && <Result question={question} answer={answered} />}
      </div>
      {answered && (
        <div className="actions">
          <Button ref={nextButton} onClick={() => play({ type: 'next' })}>
            {t(progress.isLast ? 'game.finish' : 'game.next')}
          </Button>
        </div>
      )}
      <p className="ai-keys muted">{t('game.keys')}</p>
    </section>
  );
}

function ModeChooser({ mode, onMode }: { mode: GameState['mode']; onMode: (mode: GameState['mode']) => void }) {
  const t = useAiText();
  return (
    <fieldset className="ai-modes">
      <legend>{t('game.mode')}</legend>
      {GAME_MODE_NAMES.map((value) => (
        <label key={value} className="ai-mode">
          <input type="radio" name="ai-mode" value={value} checked={mode === value} onChange={() => onMode(value)} />
          <span>
            <strong>{t(`mode.${value}`)}</strong> <span className="muted">{t(`mode.${value}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Options({ question, answered, onChoose }: { question: QuizQuestion; answered: AnswerRecord | undefined; onChoose: (choice: number) => void }) {
  const t = useAiText();
  return (
    <ul className="ai-options" aria-labelledby="ai-question">
      {question.options.map((option, index) => {
        const correct = answered && index === question.correctIndex;
        const chosenWrong = answered && index === answered.chosen && !answered.correct;
        const look = correct ? ' ai-option-correct' : chosenWrong ? ' ai-option-wrong' : '';
        return (
          <li key={index}>
            {/* aria-disabled once answered: a disabled button would drop keyboard focus. */}
            <button
              type="button"
              className={`ai-option${look}`}
              aria-disabled={answered ? true : undefined}
              onClick={() => !answered && onChoose(index)}
            >
              <span className="ai-letter" aria-hidden="true">{optionLetter(index)}</span>
              <span className="visually-hidden">{optionLetter(index)}. </span>
              <span className="ai-option-text">{option}</span>
              {correct && <span className="ai-tag">{t('option.correct')}</span>}
              {chosenWrong && <span className="ai-tag">{t('option.yours')}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Result({ question, answer }: { question: QuizQuestion; answer: AnswerRecord }) {
  const t = useAiText();
  const letter = optionLetter(question.correctIndex);
  const verdict = t(answer.correct ? 'result.correct' : answer.chosen === null ? 'result.timeUp' : 'result.incorrect');
  return (
    <>
      <p className={`ai-verdict ${answer.correct ? 'ai-verdict-correct' : 'ai-verdict-wrong'}`}>
        {verdict}
        {answer.points > 0 && ` ${t('result.points', { points: answer.points })}`}
      </p>
      {!answer.correct && (
        <p>{t('result.answer', { letter, answer: question.options[question.correctIndex] ?? '' })}</p>
      )}
      <p className="ai-explanation">{question.explanation}</p>
    </>
  );
}
