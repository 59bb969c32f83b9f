import { privacyRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { findHousehold } from '../service.js';

export const handler = httpRoute(privacyRoutes.adminFindHousehold, async ({ user, query }) => json(200, await findHousehold(user, query.email)));
