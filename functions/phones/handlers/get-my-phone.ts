import { phonesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myPhone } from '../service.js';

export const handler = httpRoute(phonesRoutes.getMyPhone, async ({ user }) => json(200, await myPhone(user)));
