import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { tutorSlots } from '../service.js';

export const handler = httpRoute(routes.getTutorSlots, async ({ params }) =>
  json(200, await tutorSlots(params.tutorId ?? '')));
