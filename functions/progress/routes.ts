/**
 * Routes: a student's progress (finished AI games, and the dashboard's figures).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { PROGRESS_LIMITS } from './catalog.js';
import type { RouteDef } from '../shared/route-def.js';
import { ProgressSummary, SavedGame, SaveGameRequest } from './contract.js';

export const progressRoutes = {
  saveGame: {
    method: 'POST', path: '/api/progress/games', handler: 'progress/handlers/save-game', access: 'signed-in',
    grants: ['table:read', 'table:write'],
    summary: 'Saves the caller\'s finished AI game (subject, mode, score, correct and question counts, duration). The score must be one the mode gives for the correct answers (400 otherwise). Idempotent per client-made gameId: a repeat answers 200 with the game saved first.',
    body: SaveGameRequest, responses: { 200: SavedGame, 201: SavedGame },
  },
  getMyProgress: {
    method: 'GET', path: '/api/progress', handler: 'progress/handlers/get-my-progress', access: 'signed-in',
    grants: ['table:read'],
    summary: `The caller's dashboard figures: the last ${PROGRESS_LIMITS.recentGames} games with percent, average score, streak (days in a row with a game or a completed lesson, in the student's zone) and time studied in minutes (games plus completed lessons).`,
    responses: { 200: ProgressSummary },
  },
} as const satisfies Record<string, RouteDef>;
