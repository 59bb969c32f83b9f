/**
 * Routes: super admin dashboards: counters, users, transactions, role grants.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  AdminLessonsQuery, AdminLessonsResponse, AdminStats, AdminTransactionsQuery, AdminTransactionsResponse, AdminUsersQuery, AdminUsersResponse,
  CompleteAdminEnrolmentRequest, CompleteAdminEnrolmentResponse, GrantSuperAdminResponse, ModerationDoneResponse, ModerationReportsQuery,
  ModerationReportsResponse, ModerationThreadResponse, SuspensionRequest, SuspensionResponse, UserParams,
} from './contract.js';
import { ConversationParams, ThreadQuery } from '../conversations/contract.js';
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
    summary: 'Grant super admin to a user (e.g. a pending admin request), pending their enrolment: answers the one-time enrolment code to hand over (valid 72 h; a new grant replaces it). 409 when already a super admin.',
    params: UserParams, responses: { 200: GrantSuperAdminResponse }, errors: [404, 409],
  },
  completeAdminEnrolment: {
    method: 'POST', path: '/api/admin-enrolment', handler: 'admin/handlers/complete-admin-enrolment',
    access: 'signed-in', grants: ['identity:admin', 'table:read', 'table:write'],
    summary: 'A granted user becomes super admin: checks the enrolment code (5 wrong tries lock the grant; 72 h) and that their authenticator app is on (Cognito, with their own token), then adds the role once. Sign in again (or refresh tokens) to carry it. A replay changes nothing.',
    body: CompleteAdminEnrolmentRequest, responses: { 200: CompleteAdminEnrolmentResponse }, errors: [403, 404, 422, 429],
  },
  moderationReports: {
    method: 'GET', path: '/api/admin/moderation/reports', handler: 'admin/handlers/moderation-reports', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Conversations with an open report, the newest report first, with both parties (and whether each is suspended) and every report\'s side, reason and time; cursor, limit (default 20, at most 50). No Scan.',
    query: ModerationReportsQuery, responses: { 200: ModerationReportsResponse },
  },
  moderationThread: {
    method: 'GET', path: '/api/admin/moderation/reports/{conversationId}/messages', handler: 'admin/handlers/moderation-thread', access: ['super_admin'],
    grants: ['table:read', 'table:write', 'uploads:read'],
    summary: 'A page of a reported conversation\'s messages as written (nothing masked), oldest first: the newest page, or the one before `before`; limit default 30. Each read is recorded in the audit. 404 for a conversation nobody reported.',
    params: ConversationParams, query: ThreadQuery, responses: { 200: ModerationThreadResponse }, errors: [404],
  },
  closeModerationReport: {
    method: 'POST', path: '/api/admin/moderation/reports/{conversationId}/close', handler: 'admin/handlers/close-moderation-report', access: ['super_admin'],
    grants: ['table:read', 'table:write'],
    summary: 'Closes the conversation\'s open reports: it leaves the list (the reports stay as its history) and either side may report it again. 404 when nobody reported it, 409 when already closed.',
    params: ConversationParams, responses: { 200: ModerationDoneResponse }, errors: [404, 409],
  },
  setUserSuspension: {
    method: 'PUT', path: '/api/admin/users/{userId}/suspension', handler: 'admin/handlers/set-user-suspension', access: ['super_admin'],
    grants: ['identity:admin', 'table:read', 'table:write', 'events:publish'],
    summary: 'Suspends (suspended: true, with a reason) or reinstates an account: Cognito disables the sign-in and signs the user out everywhere, and sends and new conversations are refused (403) even with a token issued before. Audited. Idempotent. 422 for a super admin.',
    params: UserParams, body: SuspensionRequest, responses: { 200: SuspensionResponse }, errors: [404, 422],
  },
} as const satisfies Record<string, RouteDef>;
