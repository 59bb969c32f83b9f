/**
 * Routes: liveness.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { HealthResponse } from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const healthRoutes = {
  health: {
    method: 'GET', path: '/api/health', handler: 'health/handlers/health', access: 'public', grants: [],
    summary: 'Liveness check.',
    responses: { 200: HealthResponse },
  },
} as const satisfies Record<string, RouteDef>;
