import { packsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { packOffersOf } from '../service.js';

export const handler = httpRoute(packsRoutes.tutorPackOffers, async ({ params }) => json(200, { offers: await packOffersOf(params.tutorId) }));
