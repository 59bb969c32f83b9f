import { tutorsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { tutorSlots } from '../../bookings/free-slots.js';

export const handler = httpRoute(tutorsRoutes.getTutorSlots, async ({ params }) =>
  json(200, await tutorSlots(params.tutorId)));
