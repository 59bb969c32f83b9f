import { healthRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';

export const handler = httpRoute(healthRoutes.health, async () => json(200, { status: 'ok' }));
