import { ledgerRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { platformLedger } from '../service.js';

export const handler = httpRoute(ledgerRoutes.getPlatformLedger, async () => json(200, await platformLedger()));
