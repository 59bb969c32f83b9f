/**
 * Routes: a parent's learners (their household's children). Every route is the caller's own
 * household; one that takes a learner id answers 404 for an id that is not in it. Entries are
 * RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  AddLearnerRequest, HouseholdSummary, JoinHouseholdRequest, JoinHouseholdResponse, LearnerDetails, LearnerParams, LearnerResponse, LearnersResponse,
  PairingCodeResponse,
} from './contract.js';
import { ConsentsResponse } from './consent.js';
import { ApprovalAnswer, ApprovalTokenRequest, ApprovalView, ApproveRequest } from './approval-contract.js';
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
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Remove a learner from the parent\'s household: the record at once, the rest of the child\'s data (games, chats, enrolments, files) by the privacy deletion job, as for a child\'s data deleted from the Privacy page; the child\'s own login, if linked, is deleted with them (profile and sign-in). 404 when it is not there (removed already, or another household\'s); 422 while one of the child\'s lessons is ahead.',
    params: LearnerParams, responses: { 204: null }, errors: [404, 422],
  },
  createPairingCode: {
    method: 'POST', path: '/api/me/learners/{learnerId}/pairing-code', handler: 'households/handlers/create-pairing-code', access: ['parent'],
    grants: ['table:read', 'table:write'],
    summary: 'A pairing code for a learner without a login (8 characters, valid 24 hours, single use); it replaces the learner\'s previous code. '
      + 'The child enters it to link their own student account. 404 for a learner not in the household, 409 when it has a login; a few per parent an hour (429).',
    params: LearnerParams, responses: { 201: PairingCodeResponse }, errors: [404, 409, 429],
  },
  unlinkLearnerLogin: {
    method: 'DELETE', path: '/api/me/learners/{learnerId}/login', handler: 'households/handlers/unlink-learner-login', access: ['parent'],
    grants: ['table:read', 'table:write'],
    summary: 'Unlink the child\'s own login from the learner: the account stays, as a student of no household. 404 when the learner has no login.',
    params: LearnerParams, responses: { 204: null }, errors: [404],
  },
  joinHousehold: {
    method: 'POST', path: '/api/me/household', handler: 'households/handlers/join-household', access: ['student'],
    grants: ['table:read', 'table:write'],
    summary: 'A student enters their parent\'s pairing code and becomes that learner (their account linked to the household, one household only). '
      + '422 for a code that is wrong, used or expired; 409 when the account or the learner is linked already; a few tries per user an hour (429).',
    body: JoinHouseholdRequest, responses: { 200: JoinHouseholdResponse }, errors: [409, 422, 429],
  },
  listConsents: {
    method: 'GET', path: '/api/me/consents', handler: 'households/handlers/list-consents', access: ['parent'],
    grants: ['table:read'],
    summary: 'The parent\'s consent records, oldest first: for which learner, when, to which privacy policy version, and how '
      + '(added-by-parent, approved-link); and the current policy version.',
    responses: { 200: ConsentsResponse },
  },
  householdSummary: {
    method: 'GET', path: '/api/me/household', handler: 'households/handlers/household-summary', access: ['parent'],
    grants: ['table:read'],
    summary: 'The parent dashboard: per child the next 3 paid lessons (tutor, subject, time), how many are ahead and how many were completed this month; and the household\'s spending this month in East Africa Time (lessons paid, less refunds processed), in cents.',
    responses: { 200: HouseholdSummary },
  },
  viewParentApproval: {
    method: 'POST', path: '/api/parent-approvals/view', handler: 'households/handlers/view-parent-approval', access: 'public',
    grants: ['table:read'],
    summary: 'The approval link page: which student (first and last name) asks a parent to approve their account, and until when. '
      + 'The token is in the body. 404 for a token that is not a live link\'s, 410 when it was used or has expired.',
    body: ApprovalTokenRequest, responses: { 200: ApprovalView }, errors: [404, 410],
  },
  approveParentApproval: {
    method: 'POST', path: '/api/parent-approvals/approve', handler: 'households/handlers/approve-parent-approval', access: ['parent'],
    grants: ['table:read', 'table:write'],
    summary: 'The signed-in parent approves a student under 18 who signed up alone: the student becomes a learner of their household '
      + '(with the curriculum and grade given here) keeping their own login, an approved-link consent is recorded and the account may book '
      + 'and pay through the parent. The same parent again answers the same; 404 wrong token, 410 used or expired, 409 student in a family already.',
    body: ApproveRequest, responses: { 200: ApprovalAnswer }, errors: [404, 409, 410, 422],
  },
  declineParentApproval: {
    method: 'POST', path: '/api/parent-approvals/decline', handler: 'households/handlers/decline-parent-approval', access: 'public',
    grants: ['table:read', 'table:write'],
    summary: 'Whoever holds the link declines: the account stays limited (the student may send a new link). 404 wrong token, 410 used or expired.',
    body: ApprovalTokenRequest, responses: { 200: ApprovalAnswer }, errors: [404, 410],
  },
  resendParentApproval: {
    method: 'POST', path: '/api/me/parent-approval/resend', handler: 'households/handlers/resend-parent-approval', access: ['student'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'A student waiting for a parent\'s approval sends the parent a new link (the previous one stops working); 3 an hour (429). '
      + '409 when the account is not waiting.',
    responses: { 200: ApprovalAnswer }, errors: [409, 429],
  },
} as const satisfies Record<string, RouteDef>;
