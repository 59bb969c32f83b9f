import { phonesRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { removeMyPhone } from '../service.js';

export const handler = httpRoute(phonesRoutes.removeMyPhone, async ({ user }) => {
  await removeMyPhone(user);
  return { statusCode: 204 };
});
