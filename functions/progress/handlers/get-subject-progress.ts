import { progressRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { subjectProgress } from '../subjects-service.js';

export const handler = httpRoute(progressRoutes.getSubjectProgress, async ({ user, query }) => json(200, await subjectProgress(user, query.learnerId)));
