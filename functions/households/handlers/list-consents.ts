import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listConsents } from '../service.js';

export const handler = httpRoute(householdsRoutes.listConsents, async ({ user }) => json(200, await listConsents(user)));
