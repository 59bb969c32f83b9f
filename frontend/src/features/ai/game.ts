/**
 * The quiz game's rules (quiz scoring, timer and difficulties), pure: a reducer
 * over a quiz the server sent. Time comes in with each action (`now`, ms), so the speed timer is
 * tested with a controlled clock and the page only has to tick.
 *
 * One request per game: the page asks for a `mixed` quiz (easy → hard) of POOL_SIZE questions.
 * Quiz and speed play GAME_LENGTH of them spread evenly from easy to hard; challenge starts with
 * the first easy one and picks each next question one difficulty up after a correct answer and
 * one down after a wrong one (the nearest difficulty left when that one has run out).
 */
import type { QuizQuestion } from '@functions/ai/contract';
import { DIFFICULTIES, type DifficultyName } from '@functions/ai/catalog';
import { pointsFor, PROGRESS_LIMITS, SPEED_SECONDS, type GameModeName } from '@functions/progress/catalog';

export const GAME_LENGTH = 10;
/** Questions asked of the server: room for challenge mode to keep moving between difficulties. */
export const POOL_SIZE = 15;
/** At or below this many seconds the speed timer turns red (and is announced once). */
export const SPEED_WARNING_SECONDS = 10;

export interface AnswerRecord {
  questionId: string;
  /** The option chosen; null when the speed timer ran out. */
  chosen: number | null;
  correct: boolean;
  points: number;
}

export type GamePhase = 'asking' | 'answered' | 'finished';

export interface GameState {
  /** The server's questions, easy → hard. */
  pool: readonly QuizQuestion[];
  mode: GameModeName;
  total: number;
  /** Questions shown so far; the last one is on screen. */
  played: readonly QuizQuestion[];
  answers: readonly AnswerRecord[];
  score: number;
  streak: number;
  phase: GamePhase;
  /** Speed mode while a question is open: when its time runs out (ms). */
  deadline: number | null;
  /** Speed mode: whole seconds left, frozen once the question is answered. */
  secondsLeft: number | null;
  /** When this game (or its restart) began and ended (ms): its duration in the student's progress. */
  startedAt: number;
  finishedAt: number | null;
}

export type GameAction =
  | { type: 'mode'; mode: GameModeName; now: number }
  | { type: 'answer'; choice: number; now: number }
  | { type: 'tick'; now: number }
  | { type: 'next'; now: number }
  | { type: 'restart'; now: number };

/** An action as the player makes it; the page adds the time. */
export type PlayerAction = GameAction extends infer A ? (A extends GameAction ? Omit<A, 'now'> : never) : never;

const level = (difficulty: DifficultyName) => DIFFICULTIES.indexOf(difficulty);

/** Quiz and speed: `length` questions spread evenly over the (easy → hard) pool. */
function evenPick(pool: readonly QuizQuestion[], length: number): QuizQuestion[] {
  return Array.from({ length }, (_, i) => pool[Math.floor((i * pool.length) / length)]!);
}

/** Challenge: the first unplayed question nearest to `target` difficulty. */
function nearestUnplayed(state: GameState, target: number): QuizQuestion | undefined {
  const played = new Set(state.played.map((q) => q.id));
  let best: QuizQuestion | undefined;
  for (const question of state.pool) {
    if (played.has(question.id)) continue;
    if (!best || Math.abs(level(question.difficulty) - target) < Math.abs(level(best.difficulty) - target)) best = question;
  }
  return best;
}

/** The difficulty challenge mode asks next: one up after a correct answer, one down after a wrong one. */
export function nextDifficulty(current: DifficultyName, correct: boolean): DifficultyName {
  const next = Math.min(DIFFICULTIES.length - 1, Math.max(0, level(current) + (correct ? 1 : -1)));
  return DIFFICULTIES[next]!;
}

function nextQuestion(state: GameState, lastCorrect: boolean): QuizQuestion | undefined {
  if (state.mode !== 'challenge') return evenPick(state.pool, state.total)[state.played.length];
  const current = state.played.at(-1)!;
  return nearestUnplayed(state, level(nextDifficulty(current.difficulty, lastCorrect)));
}

/** Whole seconds left before `deadline` (rounded up, so the display reads 30 at the start). */
export function secondsLeftAt(deadline: number, now: number): number {
  return Math.min(SPEED_SECONDS, Math.max(0, Math.ceil((deadline - now) / 1000)));
}

function timer(mode: GameModeName, now: number): Pick<GameState, 'deadline' | 'secondsLeft'> {
  return mode === 'speed' ? { deadline: now + SPEED_SECONDS * 1000, secondsLeft: SPEED_SECONDS } : { deadline: null, secondsLeft: null };
}

/** A fresh game over `questions` (sorted easy → hard here, whatever order they came in). */
export function newGame(questions: readonly QuizQuestion[], now: number, mode: GameModeName = 'quiz'): GameState {
  const pool = [...questions].sort((a, b) => level(a.difficulty) - level(b.difficulty));
  const total = Math.min(GAME_LENGTH, pool.length);
  return {
    pool, mode, total, played: pool.length ? [pool[0]!] : [], answers: [], score: 0, streak: 0,
    phase: pool.length ? 'asking' : 'finished', ...timer(mode, now), startedAt: now, finishedAt: pool.length ? null : now,
  };
}

/** Locks the current question with `chosen` (null: the time ran out, a wrong answer). */
function answer(state: GameState, chosen: number | null, now: number): GameState {
  const question = state.played.at(-1)!;
  const secondsLeft = state.deadline === null ? state.secondsLeft : secondsLeftAt(state.deadline, now);
  const correct = chosen === question.correctIndex;
  const points = pointsFor(state.mode, correct, secondsLeft ?? 0);
  return {
    ...state,
    phase: 'answered',
    answers: [...state.answers, { questionId: question.id, chosen, correct, points }],
    score: state.score + points,
    streak: correct ? state.streak + 1 : 0,
    deadline: null,
    secondsLeft,
  };
}

export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'mode':
      // The mode is chosen on the first question only, before it is answered.
      if (!modeOpen(state) || state.mode === action.mode) return state;
      return { ...state, mode: action.mode, ...timer(action.mode, action.now) };
    case 'answer': {
      const question = state.played.at(-1);
      if (state.phase !== 'asking' || !question || !Number.isInteger(action.choice)) return state;
      if (action.choice < 0 || action.choice >= question.options.length) return state;
      return answer(state, action.choice, action.now);
    }
    case 'tick': {
      if (state.phase !== 'asking' || state.deadline === null) return state;
      const left = secondsLeftAt(state.deadline, action.now);
      if (left === 0) return answer(state, null, action.now);
      return left === state.secondsLeft ? state : { ...state, secondsLeft: left };
    }
    case 'next': {
      if (state.phase !== 'answered') return state;
      const upcoming = state.answers.length < state.total ? nextQuestion(state, state.answers.at(-1)!.correct) : undefined;
      if (!upcoming) return { ...state, phase: 'finished', finishedAt: action.now };
      return { ...state, played: [...state.played, upcoming], phase: 'asking', ...timer(state.mode, action.now) };
    }
    case 'restart':
      // The same questions again; the chosen mode stays selected but may be changed again.
      return newGame(state.pool, action.now, state.mode);
  }
}

/** The mode chooser shows on the first question until it is answered. */
export function modeOpen(state: GameState): boolean {
  return state.played.length === 1 && state.phase === 'asking';
}

/** What the page shows about the game's progress. */
export function gameProgress(state: GameState) {
  const answered = state.answers.length;
  return {
    /** "Question n of total" (1-based). */
    number: state.played.length,
    total: state.total,
    percent: state.total ? Math.round((answered / state.total) * 100) : 0,
    correctCount: state.answers.filter((a) => a.correct).length,
    isLast: state.played.length >= state.total,
    lastAnswer: state.phase === 'asking' ? undefined : state.answers.at(-1),
    warning: state.secondsLeft !== null && state.secondsLeft <= SPEED_WARNING_SECONDS,
  };
}

/**
 * A finished game as the student's progress records it (functions/progress/contract.ts), or null
 * while it is being played or when it had no questions. Its duration is capped at the longest
 * the server counts (a tab left open is not study).
 */
export function gameResult(state: GameState) {
  if (state.phase !== 'finished' || state.finishedAt === null || state.answers.length === 0) return null;
  const seconds = Math.round((state.finishedAt - state.startedAt) / 1000);
  return {
    mode: state.mode,
    score: state.score,
    correctCount: state.answers.filter((a) => a.correct).length,
    questionCount: state.answers.length,
    durationSeconds: Math.min(PROGRESS_LIMITS.maxGameSeconds, Math.max(0, seconds)),
  };
}

/** Options are lettered A, B, C, D. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** The option a key chooses ("a"–"d", either case), or null. */
export function optionForKey(key: string, optionCount: number): number | null {
  if (key.length !== 1) return null;
  const index = key.toUpperCase().charCodeAt(0) - 65;
  return index >= 0 && index < optionCount ? index : null;
}

/** A question came from the model (it gets the AI badge): ids are `ai:{uuid}`, bank ones `bank:…`. */
export const isAiQuestion = (question: QuizQuestion) => question.id.startsWith('ai:');
