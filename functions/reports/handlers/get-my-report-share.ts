import { reportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reportShareOf } from '../timeliness.js';

export const handler = httpRoute(reportsRoutes.getMyReportShare, async ({ user }) => json(200, await reportShareOf(user.id)));
