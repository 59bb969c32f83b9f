/**
 * Routes: weekly lesson plans.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';
import { PlanQuoteResponse, QuotePlanRequest } from './contract.js';

export const plansRoutes = {
  quotePlan: {
    method: 'POST', path: '/api/plans/quote', handler: 'plans/handlers/quote-plan', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'Every lesson a weekly slot gives to the end of the school term (holidays and half-term skipped) or for N lessons, each checked against the tutor\'s weekly hours and bookings, with the free ones priced by the month and for the term. Holds and charges nothing. 422 tutor_not_verified, no_term_dates.',
    body: QuotePlanRequest, responses: { 200: PlanQuoteResponse }, errors: [404, 422],
  },
} as const satisfies Record<string, RouteDef>;
