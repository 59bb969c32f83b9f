import { payoutsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { payoutBanks } from '../recipient-service.js';

// The browser may keep the list as long as the server does.
export const handler = httpRoute(payoutsRoutes.listPayoutBanks, async () => json(200, { banks: await payoutBanks() }, { 'cache-control': 'private, max-age=3600' }));
