/**
 * Routes: a student's progress (finished AI games, and the dashboard's figures).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { PROGRESS_LIMITS, SUBJECT_PROGRESS_LIMITS } from './catalog.js';
import type { RouteDef } from '../shared/route-def.js';
import { LearnerParams } from '../households/contract.js';
import { LearnerProgress, ProgressQuery, ProgressSummary, SavedGame, SaveGameRequest, SubjectProgress, SubjectProgressQuery } from './contract.js';

export const progressRoutes = {
  saveGame: {
    method: 'POST', path: '/api/progress/games', handler: 'progress/handlers/save-game', access: 'signed-in',
    grants: ['table:read', 'table:write'],
    summary: 'Saves the caller\'s finished AI game (subject, mode, score, correct and question counts, duration); a parent\'s learnerId keeps it under that child (404 for a learner not in the household, nothing saved). The score must be one the mode gives for the correct answers (400 otherwise). Idempotent per client-made gameId: a repeat answers 200 with the game saved first.',
    body: SaveGameRequest, responses: { 200: SavedGame, 201: SavedGame }, errors: [404],
  },
  getMyProgress: {
    method: 'GET', path: '/api/progress', handler: 'progress/handlers/get-my-progress', access: 'signed-in',
    grants: ['table:read'],
    summary: `The caller's dashboard figures (a parent's learnerId: that child's; 404 for a learner not in the household): the last ${PROGRESS_LIMITS.recentGames} games with percent, average score, streak (days in a row with a game or a completed lesson, in the student's zone) and time studied in minutes (games plus completed lessons).`,
    query: ProgressQuery, responses: { 200: ProgressSummary }, errors: [404],
  },
  getLearnerProgress: {
    method: 'GET', path: '/api/me/learners/{learnerId}/progress', handler: 'progress/handlers/get-learner-progress', access: ['parent'],
    grants: ['table:read'],
    summary: `One of the parent's learners at a glance (the parent dashboard's card): the last ${PROGRESS_LIMITS.recentGames} quiz scores, streak, courses in progress (title, percent) and certificates (title, date). 404 for a learner not in the parent's household.`,
    params: LearnerParams, responses: { 200: LearnerProgress }, errors: [404],
  },
  getSubjectProgress: {
    method: 'GET', path: '/api/progress/subjects', handler: 'progress/handlers/get-subject-progress', access: ['parent', 'student'],
    grants: ['table:read'],
    summary: `A learner's progress by subject over the last ${SUBJECT_PROGRESS_LIMITS.weeks} weeks of the household's calendar (Monday to Sunday): per week lessons held with an approved report, homework due and done, quiz games played and their average score (null in a week without games), the reports' topics (newest ${SUBJECT_PROGRESS_LIMITS.topicsPerSubject}, with dates) and totals. A student reads their own (a linked login: their learner's); a parent names a learner of their household (404 for any other); tutors and admins 403.`,
    query: SubjectProgressQuery, responses: { 200: SubjectProgress }, errors: [404],
  },
} as const satisfies Record<string, RouteDef>;
