import { liveRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { joinDemoSession } from '../service.js';

export const handler = httpRoute(liveRoutes.joinDemoSession, async ({ user }) => json(200, await joinDemoSession(user)));
