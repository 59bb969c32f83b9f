import { weeklyReportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { readWeeklyReport } from '../service.js';

export const handler = httpRoute(weeklyReportsRoutes.getWeeklyReport, async ({ user, params }) =>
  json(200, await readWeeklyReport(user, params.learnerId, params.week)));
