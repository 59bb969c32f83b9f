import { disputesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myDisputes } from '../service.js';

export const handler = httpRoute(disputesRoutes.listMyDisputes, async ({ user }) => json(200, { disputes: await myDisputes(user) }));
