import { packsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { packForPayer } from '../service.js';

export const handler = httpRoute(packsRoutes.getPack, async ({ user, params }) => json(200, { pack: await packForPayer(user, params.packId) }));
