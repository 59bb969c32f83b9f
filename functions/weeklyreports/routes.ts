/**
 * Routes: weekly progress reports (the family reads any past week of a learner).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import type { RouteDef } from '../shared/route-def.js';
import { WeeklyReportParams, WeeklyReportResponse } from './contract.js';

export const weeklyReportsRoutes = {
  getWeeklyReport: {
    method: 'GET', path: '/api/me/learners/{learnerId}/weekly-reports/{week}', handler: 'weeklyreports/handlers/get-weekly-report',
    access: ['parent', 'student', 'super_admin'],
    grants: ['table:read'],
    summary: 'A learner\'s weekly progress report for an ISO week of Nairobi\'s calendar (2026-W48, Monday 00:00 to Sunday 23:59 EAT): lessons held with their approved topics, homework due, quiz games and average score, courses in progress, next week\'s lessons; report null when nothing happened. A parent reads their household\'s learners, a student their own (learnerId: their user id, or a linked login\'s learner), a super admin any learner with activity; anyone else\'s learner, or a week that does not exist, 404; tutors 403.',
    params: WeeklyReportParams, responses: { 200: WeeklyReportResponse }, errors: [403, 404],
  },
} as const satisfies Record<string, RouteDef>;
