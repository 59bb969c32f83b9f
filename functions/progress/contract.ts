/**
 * Progress contract (the student dashboard): a finished AI game as the SPA
 * saves it, and the figures the dashboard shows. Shared by the API and the SPA.
 */
import * as z from 'zod';
import { QUIZ_LIMITS, QUIZ_SUBJECTS } from '../ai/catalog.js';
import { CERTIFICATE_STATUSES } from '../certificates/catalog.js';
import { LearnerChoice } from '../households/learner-choice.js';
import { RecordId } from '../shared/contract.js';
import { GAME_MODE_NAMES, PROGRESS_LIMITS } from './catalog.js';
import { scoreProblem } from './rules.js';

export { GAME_MODE_NAMES, PROGRESS_LIMITS };

const count = z.int().min(0);

/**
 * A finished game. `gameId` is made by the client once per game, so a retried save is the same
 * game (saved once). The score must be one the mode can give for the correct answers (rules.ts).
 */
export const SaveGameRequest = z.strictObject({
  gameId: RecordId('game'),
  subject: z.enum(QUIZ_SUBJECTS),
  mode: z.enum(GAME_MODE_NAMES),
  score: count,
  correctCount: count,
  questionCount: z.int().min(1).max(QUIZ_LIMITS.maxCount),
  durationSeconds: count.max(PROGRESS_LIMITS.maxGameSeconds),
  /** A parent names the child who played; the game is kept under that learner. */
  ...LearnerChoice.shape,
}).superRefine((game, ctx) => {
  const problem = scoreProblem(game);
  if (problem) ctx.addIssue({ code: 'custom', path: ['score'], message: problem });
});
export type SaveGameRequest = z.infer<typeof SaveGameRequest>;

export const SavedGame = z.object({
  gameId: z.string(),
  subject: z.enum(QUIZ_SUBJECTS),
  mode: z.enum(GAME_MODE_NAMES),
  score: z.number(),
  correctCount: z.number(),
  questionCount: z.number(),
  durationSeconds: z.number(),
  /** Correct answers out of questions, whole percent. */
  percent: z.number(),
  /** UTC ISO instant the server recorded it. */
  finishedAt: z.string(),
});
export type SavedGame = z.infer<typeof SavedGame>;

export const ProgressSummary = z.object({
  /** The last five games, newest first. */
  recentGames: z.array(SavedGame),
  gamesPlayed: z.number(),
  /** Correct answers out of all questions answered in games, whole percent; null before the first game. */
  averagePercent: z.number().nullable(),
  /** Days in a row, ending today or yesterday in `timeZone`, with a game or a completed lesson. */
  streakDays: z.number(),
  /** Hours Studied, in whole minutes: game time plus completed lessons' length. */
  minutesStudied: z.number(),
  lessonsCompleted: z.number(),
  /** The zone the days are counted in: the student's, or Africa/Nairobi. */
  timeZone: z.string(),
});
export type ProgressSummary = z.infer<typeof ProgressSummary>;

/** GET /api/progress: a parent names the child whose figures to read. */
export const ProgressQuery = LearnerChoice;

/** The parent dashboard's card of one learner: what they played and learned, in one small answer. */
export const LearnerProgress = z.object({
  /** The last five games, newest first (subject, percent, when). */
  recentScores: z.array(z.object({ gameId: z.string(), subject: z.enum(QUIZ_SUBJECTS), percent: z.number(), finishedAt: z.string() })),
  streakDays: z.number(),
  /** Courses started and not finished, newest enrolment first. */
  coursesInProgress: z.array(z.object({ courseId: z.string(), title: z.string(), percent: z.number() })),
  /** Certificates issued in the learner's name, newest first. */
  certificates: z.array(z.object({ code: z.string(), courseTitle: z.string(), issuedAt: z.string(), status: z.enum(CERTIFICATE_STATUSES) })),
});
export type LearnerProgress = z.infer<typeof LearnerProgress>;

/** GET /api/progress/subjects: a parent names the child; a student reads their own. */
export const SubjectProgressQuery = LearnerChoice;

const SubjectWeek = z.object({
  /** The week's Monday (yyyy-mm-dd) in `timeZone`. */
  weekStart: z.string(),
  /** Lessons held that week whose report the tutor approved. */
  lessons: z.number().int(),
  /** Homework from approved reports due that week (no due date: the lesson's week), and how much of it the family marked done. */
  homeworkDue: z.number().int(),
  homeworkDone: z.number().int(),
  gamesPlayed: z.number().int(),
  /** Correct answers out of questions over the week's games, whole percent; null in a week without games (not 0). */
  averagePercent: z.number().int().nullable(),
});
export type SubjectWeek = z.infer<typeof SubjectWeek>;

const SubjectTotals = z.object({
  lessons: z.number().int(), homeworkDue: z.number().int(), homeworkDone: z.number().int(), gamesPlayed: z.number().int(),
  averagePercent: z.number().int().nullable(),
});

/** One learner's lessons, homework and quiz games by subject and week, over the last weeks (the "Progress by subject" page). */
export const SubjectProgress = z.object({
  /** The zone the weeks are counted in (the household's, or Africa/Nairobi). */
  timeZone: z.string(),
  /** Each week's Monday, oldest first; the last is this week's. */
  weeks: z.array(z.string()),
  subjects: z.array(z.object({
    /** The catalog's name when the spelling is one of its subjects ("chemistry", "Maths"), else as first written. */
    subject: z.string(),
    /** One point per week of `weeks`, in the same order. */
    weeks: z.array(SubjectWeek),
    /** Topics of approved reports, newest first, with the lesson's date (yyyy-mm-dd in `timeZone`). */
    topics: z.array(z.object({ topic: z.string(), date: z.string() })),
    totals: SubjectTotals,
  })),
  totals: SubjectTotals,
});
export type SubjectProgress = z.infer<typeof SubjectProgress>;
