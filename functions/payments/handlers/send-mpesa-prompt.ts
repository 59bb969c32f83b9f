import { paymentsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { sendMpesaPrompt } from '../mpesa-prompt.js';

export const handler = httpRoute(paymentsRoutes.sendMpesaPrompt, async ({ user, body }) => {
  // A linked learner's parent books, pays and asks for refunds (households/payer.ts).
  await requirePayer(user);
  return json(200, await sendMpesaPrompt(user, body));
});
