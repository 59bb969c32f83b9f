/**
 * Routes: this API's own OpenAPI document.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { OpenApiDocument } from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const openApiRoutes = {
  openApi: {
    method: 'GET', path: '/api/openapi.json', handler: 'openapi/handlers/get-openapi', access: 'public', grants: [],
    summary: 'This API as an OpenAPI 3.1 document (the same as docs/openapi.json).',
    responses: { 200: OpenApiDocument },
  },
} as const satisfies Record<string, RouteDef>;
