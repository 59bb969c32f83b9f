/**
 * Routes: a problem reported with a taught lesson, the student's own reports, and the super
 * admin's open list and decision. Entries are RouteDefs; functions/routes.ts combines every
 * domain's into the one table.
 */
import {
  DecideDisputeRequest, DisputeParams, DisputeResponse, MyDisputesResponse, OpenDisputesQuery, OpenDisputesResponse, ReportProblemRequest,
} from './contract.js';
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';

export const disputesRoutes = {
  reportProblem: {
    method: 'POST', path: '/api/bookings/{bookingId}/problem', handler: 'disputes/handlers/report-problem', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write'],
    summary: 'The student who paid reports a problem with a completed lesson (tutor absent, ended early, poor connection, other with text) within 24 hours of its end; the lesson\'s earnings are held until a super admin decides. Once per lesson (409); someone else\'s lesson 403; not completed or after 24 hours 422.',
    params: DisputeParams, body: ReportProblemRequest, responses: { 201: DisputeResponse }, errors: [403, 404, 409, 422],
  },
  listMyDisputes: {
    method: 'GET', path: '/api/me/disputes', handler: 'disputes/handlers/list-my-disputes', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'The problems the signed-in student reported, newest first, each with its state (open, refunded, released) and the team\'s note.',
    responses: { 200: MyDisputesResponse },
  },
  listOpenDisputes: {
    method: 'GET', path: '/api/admin/disputes', handler: 'disputes/handlers/list-open-disputes', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Open disputes, oldest first, each with the parties, who joined the live room when and the lesson\'s events; cursor, limit (default 10, at most 20). No Scan.',
    query: OpenDisputesQuery, responses: { 200: OpenDisputesResponse },
  },
  decideDispute: {
    method: 'POST', path: '/api/admin/disputes/{bookingId}/decide', handler: 'disputes/handlers/decide-dispute', access: ['super_admin'],
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Decide an open dispute with a note for both parties: a full refund, a partial refund (amountKsh, at most what was paid; 422 otherwise) through Paystack, or release to the tutor. The same decision again changes nothing (a refund Paystack refused is asked again); another one 409.',
    params: DisputeParams, body: DecideDisputeRequest, responses: { 200: DisputeResponse }, errors: [404, 409, 422, 502],
  },
} as const satisfies Record<string, RouteDef>;
