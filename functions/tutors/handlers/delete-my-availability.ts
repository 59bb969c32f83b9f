import { tutorsRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { removeAvailability } from '../service.js';

export const handler = httpRoute(tutorsRoutes.deleteMyAvailability, async ({ user, params }) => {
  await removeAvailability(user.id, params.slotId);
  return { statusCode: 204 };
});
