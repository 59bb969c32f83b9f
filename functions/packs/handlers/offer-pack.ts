import { packsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { offerPack } from '../service.js';

export const handler = httpRoute(packsRoutes.offerPack, async ({ user, body }) => json(201, { offer: await offerPack(user, body) }));
