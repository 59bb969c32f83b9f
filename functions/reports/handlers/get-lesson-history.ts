import { reportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { lessonHistory } from '../homework.js';

export const handler = httpRoute(reportsRoutes.getLessonHistory, async ({ user, query }) => json(200, await lessonHistory(user, query)));
