import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { tutorStats } from '../stats.js';

export const handler = httpRoute(bookingsRoutes.tutorStats, async ({ user }) => json(200, await tutorStats(user.id)));
