import { privacyRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestAccountDeletion } from '../service.js';

export const handler = httpRoute(privacyRoutes.deleteMyAccount, async ({ user, body }) => json(200, await requestAccountDeletion(user, body)));
