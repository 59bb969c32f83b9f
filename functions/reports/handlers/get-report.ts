import { reportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { readReport } from '../service.js';

export const handler = httpRoute(reportsRoutes.getLessonReport, async ({ user, params }) => json(200, await readReport(user, params.bookingId)));
