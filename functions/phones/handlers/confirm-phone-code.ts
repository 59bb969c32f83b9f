import { phonesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { confirmPhoneCode } from '../service.js';

export const handler = httpRoute(phonesRoutes.confirmPhoneCode, async ({ user, body, language }) =>
  json(200, await confirmPhoneCode(user, body, language)));
