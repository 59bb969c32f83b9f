/**
 * Routes: a parent's learners (their household's children). Every route is the caller's own
 * household; one that takes a learner id answers 404 for an id that is not in it. Entries are
 * RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { AddLearnerRequest, HouseholdSummary, LearnerDetails, LearnerParams, LearnerResponse, LearnersResponse } from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const householdsRoutes = {
  listLearners: {
    method: 'GET', path: '/api/me/learners', handler: 'households/handlers/list-learners', access: ['parent'],
    grants: ['table:read'],
    summary: 'The signed-in parent\'s learners (children), oldest first, and how many a household may have (10).',
    responses: { 200: LearnersResponse },
  },
  addLearner: {
    method: 'POST', path: '/api/me/learners', handler: 'households/handlers/add-learner', access: ['parent'],
    grants: ['table:read', 'table:write'],
    summary: 'Add a learner to the parent\'s household: first and last name, curriculum and one of its grades, school (optional), subjects of interest from the tutors\' subject list, and the client\'s requestId (the same id again returns the learner it added, 200, never a second one). At most 10 per household (422).',
    body: AddLearnerRequest, responses: { 200: LearnerResponse, 201: LearnerResponse }, errors: [404, 422],
  },
  getLearner: {
    method: 'GET', path: '/api/me/learners/{learnerId}', handler: 'households/handlers/get-learner', access: ['parent'],
    grants: ['table:read'],
    summary: 'One learner of the parent\'s household; 404 for any other id (another household\'s included).',
    params: LearnerParams, responses: { 200: LearnerResponse }, errors: [404],
  },
  updateLearner: {
    method: 'PUT', path: '/api/me/learners/{learnerId}', handler: 'households/handlers/update-learner', access: ['parent'],
    grants: ['table:read', 'table:write'],
    summary: 'Replace a learner\'s details (same fields as adding one); 404 when the learner is not in the parent\'s household.',
    params: LearnerParams, body: LearnerDetails, responses: { 200: LearnerResponse }, errors: [404],
  },
  removeLearner: {
    method: 'DELETE', path: '/api/me/learners/{learnerId}', handler: 'households/handlers/remove-learner', access: ['parent'],
    grants: ['table:read', 'table:write'],
    summary: 'Remove a learner from the parent\'s household; 404 when it is not there (removed already, or another household\'s).',
    params: LearnerParams, responses: { 204: null }, errors: [404],
  },
  householdSummary: {
    method: 'GET', path: '/api/me/household', handler: 'households/handlers/household-summary', access: ['parent'],
    grants: ['table:read'],
    summary: 'The parent dashboard: per child the next 3 paid lessons (tutor, subject, time), how many are ahead and how many were completed this month; and the household\'s spending this month in East Africa Time (lessons paid, less refunds processed), in cents.',
    responses: { 200: HouseholdSummary },
  },
} as const satisfies Record<string, RouteDef>;
