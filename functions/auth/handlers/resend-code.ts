import { authRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { resendSignUpCode } from '../service.js';

export const handler = httpRoute(authRoutes.resendCode, async ({ body }) =>
  json(200, await resendSignUpCode(body)));
