import { phonesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestPhoneCode } from '../service.js';

export const handler = httpRoute(phonesRoutes.requestPhoneCode, async ({ user, body, language }) =>
  json(201, await requestPhoneCode(user, body, language)));
