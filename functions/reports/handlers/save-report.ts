import { reportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reportMessages } from '../rules.js';
import { saveReport } from '../service.js';

export const handler = httpRoute(reportsRoutes.saveLessonReport, async ({ user, params, body }) =>
  json(200, { report: await saveReport(user, params.bookingId, body), message: reportMessages.saved }));
