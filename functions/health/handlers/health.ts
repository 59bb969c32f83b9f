import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';

export const handler = httpRoute(routes.health, async () => json(200, { status: 'ok' }));
