import { packsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { editPack } from '../service.js';

export const handler = httpRoute(packsRoutes.editPack, async ({ user, params, body }) => json(200, { offer: await editPack(user, params.offerId, body) }));
