import { certificatesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myBadges } from '../service.js';

export const handler = httpRoute(certificatesRoutes.listMyBadges, async ({ user, query }) => json(200, await myBadges(user, query.learnerId)));
