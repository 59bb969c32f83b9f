import { packsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myPacks } from '../service.js';

export const handler = httpRoute(packsRoutes.myPacks, async ({ user }) => json(200, { packs: await myPacks(user) }));
