import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { sendMpesaPrompt } from '../mpesa-prompt.js';

export const handler = httpRoute(paymentsRoutes.sendMpesaPrompt, async ({ user, body }) =>
  json(200, await sendMpesaPrompt(user, body)));
