import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { UpdateProfileRequest } from '../../tutors/contract.js';
import { updateMyProfile } from '../service.js';

export const handler = httpRoute(routes.updateMyProfile, { body: UpdateProfileRequest }, async ({ user, body }) =>
  json(200, { profile: await updateMyProfile(user, body) }));
