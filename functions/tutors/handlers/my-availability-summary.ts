import { tutorsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { availabilitySummary } from '../../bookings/free-slots.js';

export const handler = httpRoute(tutorsRoutes.myAvailabilitySummary, async ({ user }) =>
  json(200, await availabilitySummary(user.id)));
