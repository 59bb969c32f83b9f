/**
 * Routes: sign-up (sign-in itself is Cognito's).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { SignUpRequest, SignUpResponse } from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const authRoutes = {
  signUp: {
    method: 'POST', path: '/api/auth/sign-up', handler: 'auth/handlers/sign-up', access: 'public',
    grants: ['identity:admin', 'table:read', 'table:write', 'events:publish'],
    summary: 'Create an account (Cognito user, profile and group in one step). "admin" only records a request.',
    body: SignUpRequest, responses: { 201: SignUpResponse }, errors: [409],
  },
} as const satisfies Record<string, RouteDef>;
