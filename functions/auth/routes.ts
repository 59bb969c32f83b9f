/**
 * Routes: sign-up and a new confirmation code (sign-in and confirming the code are Cognito's).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { ResendCodeRequest, ResendCodeResponse, SignUpRequest, SignUpResponse } from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const authRoutes = {
  signUp: {
    method: 'POST', path: '/api/auth/sign-up', handler: 'auth/handlers/sign-up', access: 'public',
    grants: ['identity:sign-up', 'identity:admin', 'table:read', 'table:write', 'events:publish'],
    summary: 'Create an account (Cognito user, profile and group in one step). "admin" only records a request.',
    body: SignUpRequest, responses: { 201: SignUpResponse }, errors: [409],
  },
  resendCode: {
    method: 'POST', path: '/api/auth/resend-code', handler: 'auth/handlers/resend-code', access: 'public',
    grants: ['identity:sign-up', 'table:write'],
    summary: 'Mail a new sign-up confirmation code. The same answer whether or not the address has an account waiting; '
      + 'a few per address an hour (429 with Retry-After past it).',
    body: ResendCodeRequest, responses: { 200: ResendCodeResponse }, errors: [429],
  },
} as const satisfies Record<string, RouteDef>;
