import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { mpesaPromptStatus } from '../mpesa-prompt.js';

export const handler = httpRoute(paymentsRoutes.getMpesaPrompt, async ({ user, params }) =>
  json(200, await mpesaPromptStatus(user, params.reference)));
