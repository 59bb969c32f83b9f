import { ledgerRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { exportLedger } from '../service.js';

export const handler = httpRoute(ledgerRoutes.exportLedger, async ({ query }) => json(200, await exportLedger(query)));
