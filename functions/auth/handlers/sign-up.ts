import { authRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { signUp } from '../service.js';

export const handler = httpRoute(authRoutes.signUp, async ({ body }) =>
  json(201, await signUp(body)));
