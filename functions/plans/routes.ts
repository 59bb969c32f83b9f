/**
 * Routes: weekly lesson plans.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';
import { CreatePlanRequest, PlanDetailResponse, PlanList, PlanParams, PlanQuoteResponse, PlanResponse, QuotePlanRequest } from './contract.js';
import { BOOKING_RATE_LIMIT } from '../bookings/catalog.js';

export const plansRoutes = {
  quotePlan: {
    method: 'POST', path: '/api/plans/quote', handler: 'plans/handlers/quote-plan', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'Every lesson a weekly slot gives to the end of the school term (holidays and half-term skipped) or for N lessons, each checked against the tutor\'s weekly hours and bookings, with the free ones priced by the month and for the term. Holds and charges nothing. 422 tutor_not_verified, no_term_dates.',
    body: QuotePlanRequest, responses: { 200: PlanQuoteResponse }, errors: [404, 422],
  },
  createPlan: {
    method: 'POST', path: '/api/plans', handler: 'plans/handlers/create-plan', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write'],
    summary: 'Set a weekly plan up for the caller or a learner of their household: the server quotes again and books exactly the free lessons, each a pending booking holding its hours until the first instalment is paid (48 h at most). Charges nothing. 409 plan_changed (with the clashing dates) when the free lessons are not the lessonStarts the family saw; the same idempotencyKey again returns the same plan.',
    body: CreatePlanRequest, responses: { 201: PlanResponse }, errors: [403, 404, 409, 422, 429],
    rateLimit: BOOKING_RATE_LIMIT,
  },
  getPlan: {
    method: 'GET', path: '/api/plans/{planId}', handler: 'plans/handlers/get-plan', access: 'signed-in',
    grants: ['table:read'],
    summary: 'One weekly plan with its instalments and its lessons as they stand now, for its payer or its tutor only.',
    params: PlanParams, responses: { 200: PlanDetailResponse }, errors: [403, 404],
  },
  myPlans: {
    method: 'GET', path: '/api/me/plans', handler: 'plans/handlers/my-plans', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'The weekly plans the caller pays for (a parent: every child\'s), newest first, each with its instalments and its lessons as they stand now.',
    responses: { 200: PlanList },
  },
} as const satisfies Record<string, RouteDef>;
