import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { adminTransactions } from '../service.js';

export const handler = httpRoute(adminRoutes.adminTransactions, async ({ query }) => json(200, await adminTransactions(query)));
