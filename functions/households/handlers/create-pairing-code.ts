import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { createPairingCode } from '../logins-service.js';

export const handler = httpRoute(householdsRoutes.createPairingCode, async ({ user, params }) =>
  json(201, await createPairingCode(user, params.learnerId)));
