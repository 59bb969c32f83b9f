import { tutorsRoutes } from '../routes.js';
import { CACHE_PUBLIC_BRIEFLY, httpRoute, json } from '../../shared/http.js';
import { publicTutorProfile } from '../service.js';

export const handler = httpRoute(tutorsRoutes.getTutor, async ({ params }) =>
  json(200, await publicTutorProfile(params.tutorId), { 'cache-control': CACHE_PUBLIC_BRIEFLY }));
