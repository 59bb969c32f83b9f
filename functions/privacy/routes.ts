/**
 * Routes: a user's own data (export, deletion) and super admins' household reads for support.
 * RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  AdminHousehold, AdminLearner, AdminLearnerParams, AuditList, DeleteAccountRequest, DeletionStarted, ExportStatus, HouseholdQuery,
  LearnerDeletionRequest,
} from './contract.js';
import { EXPORTS_PER_DAY } from './rules.js';
import type { RouteDef } from '../shared/route-def.js';

export const privacyRoutes = {
  getDataExport: {
    method: 'GET', path: '/api/me/privacy/export', handler: 'privacy/handlers/get-data-export', access: 'signed-in',
    grants: ['table:read', 'uploads:read'],
    summary: 'The caller\'s newest data export: running, ready (with a download link valid 7 days from when it was ready), failed or expired; null when none was asked for.',
    responses: { 200: ExportStatus },
  },
  requestDataExport: {
    method: 'POST', path: '/api/me/privacy/export', handler: 'privacy/handlers/request-data-export', access: 'signed-in',
    grants: ['table:read', 'table:write', 'events:publish', 'uploads:read'],
    summary: `Starts an export of all the caller's data (and household's, for a parent) as one JSON archive, made by a job within minutes. While one is running, answers that one (nothing new starts). At most ${EXPORTS_PER_DAY} a day (429).`,
    rateLimit: { group: 'privacy-export', per: 'user', limit: EXPORTS_PER_DAY, windowSeconds: 24 * 3600 },
    responses: { 200: ExportStatus },
  },
  deleteMyAccount: {
    method: 'POST', path: '/api/me/privacy/delete-account', handler: 'privacy/handlers/delete-my-account', access: 'signed-in',
    grants: ['table:read', 'table:write', 'events:publish', 'identity:password-check'],
    summary: 'Deletes the caller\'s account and personal data (a job, within minutes): the word DELETE and the current password (403 when wrong). Refused (422) while a lesson is booked in the future or earnings wait to be paid out.',
    body: DeleteAccountRequest, responses: { 200: DeletionStarted }, errors: [403, 404, 422],
  },
  deleteLearnerData: {
    method: 'POST', path: '/api/me/privacy/learner-deletions', handler: 'privacy/handlers/delete-learner-data', access: ['parent'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Deletes one child\'s personal data from the parent\'s household (a job, within minutes); lessons and payments stay, naming a "Deleted learner"; the child\'s own login, if linked, is deleted as an account is. 404 for a child not in the household; 422 while the child has a lesson booked in the future.',
    body: LearnerDeletionRequest, responses: { 200: DeletionStarted }, errors: [404, 422],
  },
  adminFindHousehold: {
    method: 'GET', path: '/api/admin/households', handler: 'privacy/handlers/admin-find-household', access: ['super_admin'],
    grants: ['table:read', 'table:write'],
    summary: 'Support: a parent\'s household by their e-mail (the parent, and each child\'s first name, curriculum, grade, consent records and number of lessons booked). Every read is audited. 404 when no parent has that e-mail.',
    query: HouseholdQuery, responses: { 200: AdminHousehold }, errors: [404],
  },
  adminReadLearner: {
    method: 'GET', path: '/api/admin/households/{parentId}/learners/{learnerId}', handler: 'privacy/handlers/admin-read-learner', access: ['super_admin'],
    grants: ['table:read', 'table:write'],
    summary: 'Support: one child\'s record as stored. Every read is audited (admin, child, when, what).',
    params: AdminLearnerParams, responses: { 200: AdminLearner }, errors: [404],
  },
  adminPrivacyAudit: {
    method: 'GET', path: '/api/admin/privacy-audit', handler: 'privacy/handlers/admin-privacy-audit', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'The newest 100 privacy audit records: deletions (who asked, when, what was removed, counts) and super admins\' reads of children\'s data, with the actor\'s and the household\'s names while their accounts exist.',
    responses: { 200: AuditList },
  },
} as const satisfies Record<string, RouteDef>;
