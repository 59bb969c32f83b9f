import { payoutsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { withdraw } from '../service.js';

export const handler = httpRoute(payoutsRoutes.withdraw, async ({ user, language }) => json(201, await withdraw(user, new Date(), language)));
