/**
 * Routes: super admin dashboards: counters, users, transactions, role grants.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  AdminLessonsQuery, AdminLessonsResponse, AdminStats, AdminTransactionsQuery, AdminTransactionsResponse, AdminUsersQuery, AdminUsersResponse,
  GrantSuperAdminResponse, UserParams,
} from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const adminRoutes = {
  adminStats: {
    method: 'GET', path: '/api/admin/stats', handler: 'admin/handlers/admin-stats', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Platform counters (users, tutors, students, pending KYC, revenue) and weekly figures for 8 weeks.',
    responses: { 200: AdminStats },
  },
  adminUsers: {
    method: 'GET', path: '/api/admin/users', handler: 'admin/handlers/admin-users', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Users newest first, or those whose name or e-mail starts with q (case-insensitive); cursor, limit (default 20); and the pending admin requests. No Scan.',
    query: AdminUsersQuery, responses: { 200: AdminUsersResponse },
  },
  adminTransactions: {
    method: 'GET', path: '/api/admin/transactions', handler: 'admin/handlers/admin-transactions', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Payment transactions newest first with payer and tutor names and any refund; limit (default 5), cursor, status (paid, refund_pending, refunded, refund_failed; filtered reads are bounded, the cursor continues). No Scan.',
    query: AdminTransactionsQuery, responses: { 200: AdminTransactionsResponse },
  },
  adminLessons: {
    method: 'GET', path: '/api/admin/lessons', handler: 'admin/handlers/admin-lessons', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Paid lessons starting on one day in East Africa Time (day=yyyy-mm-dd, default today in EAT), soonest first, with who joined each and when.',
    query: AdminLessonsQuery, responses: { 200: AdminLessonsResponse },
  },
  grantSuperAdmin: {
    method: 'POST', path: '/api/admin/users/{userId}/grant-super-admin', handler: 'admin/handlers/grant-super-admin',
    access: ['super_admin'], grants: ['identity:admin', 'table:read', 'table:write'],
    summary: 'Make a user a super admin (e.g. a pending admin request).',
    params: UserParams, responses: { 200: GrantSuperAdminResponse }, errors: [404],
  },
} as const satisfies Record<string, RouteDef>;
