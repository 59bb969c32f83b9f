/**
 * The one route table. CDK builds one Lambda and one HTTP API route per entry, the local
 * gateway serves the same entries, and docs/api.md is generated from it.
 */
import type { Role } from './auth/roles.js';

/** `public`: no token; `signed-in`: any valid token; a role list: token with one of those groups. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** What a handler may touch on AWS; CDK turns each into a least-privilege IAM grant. */
export type Grant =
  | 'table:read' | 'table:write'
  | 'identity:admin'
  | 'events:publish'
  | 'uploads:read' | 'uploads:write' | 'uploads:delete'
  | 'email:send';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway path syntax: /api/tutors/{tutorId} */
  path: `/api/${string}`;
  /** functions/{handler}.ts exports `handler`. */
  handler: string;
  access: Access;
  grants: readonly Grant[];
  summary: string;
}

export const routes = {
  health: {
    method: 'GET', path: '/api/health', handler: 'health/handlers/health', access: 'public', grants: [],
    summary: 'Liveness check.',
  },
  signUp: {
    method: 'POST', path: '/api/auth/sign-up', handler: 'auth/handlers/sign-up', access: 'public',
    grants: ['identity:admin', 'table:write', 'events:publish'],
    summary: 'Create an account (Cognito user, profile and group in one step). "admin" only records a request.',
  },
  getMe: {
    method: 'GET', path: '/api/me', handler: 'profiles/handlers/get-me', access: 'signed-in', grants: ['table:read'],
    summary: 'The signed-in user\'s profile and role.',
  },
  listMyAvailability: {
    method: 'GET', path: '/api/me/availability', handler: 'tutors/handlers/list-my-availability', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The signed-in tutor\'s weekly availability slots.',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeList: ReadonlyArray<RouteDef & { name: RouteName }> = Object.entries(routes).map(
  ([name, def]) => ({ ...(def as RouteDef), name: name as RouteName }),
);
