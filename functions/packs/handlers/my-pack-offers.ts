import { packsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { packOffersOf } from '../service.js';

export const handler = httpRoute(packsRoutes.myPackOffers, async ({ user }) => json(200, { offers: await packOffersOf(user.id) }));
