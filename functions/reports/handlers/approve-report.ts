import { reportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reportMessages } from '../rules.js';
import { approveReport } from '../service.js';

export const handler = httpRoute(reportsRoutes.approveLessonReport, async ({ user, params, body }) =>
  json(200, { report: await approveReport(user, params.bookingId, body.revision), message: reportMessages.approved }));
