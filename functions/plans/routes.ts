/**
 * Routes: weekly lesson plans.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';
import { ChangePlanSlotRequest, PlanSlotQuery, PlanSlotResponse, CreatePlanRequest, DeclinePlanRequest, EndPlanRequest, PausePlanRequest, PlanEndingResponse, PlanPauseQuery, PlanPauseResponse, InstalmentParams, TutorPlanList, PlanDetailResponse, PlanList, PlanParams, PlanQuoteResponse, PlanResponse, QuotePlanRequest } from './contract.js';
import { BOOKING_RATE_LIMIT } from '../bookings/catalog.js';
import { InitializePaymentResponse } from '../bookings/contract.js';
import { MpesaPayment, MpesaPromptResponse } from '../payments/contract.js';
import { PROMPT_RATE_LIMIT } from '../payments/mpesa-rules.js';

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
    summary: 'Set a weekly plan up for the caller or a learner of their household: the server quotes again and books exactly the free lessons, each a pending booking holding its hours until the first instalment is paid (48 h at most). Charges nothing. 409 plan_changed (with the clashing dates) when the free lessons are not the lessonStarts the family saw; the same idempotencyKey again returns the same plan. 422 term_too_long: a term paid up front is at most 30 lessons (its payment is confirmed in one transaction).',
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
  payPlanInstalment: {
    method: 'POST', path: '/api/plans/{planId}/instalments/{n}/payment', handler: 'plans/handlers/pay-plan-instalment', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'],
    summary: 'Start paying instalment n of one\'s own plan by card (Paystack page): the amount is the plan\'s price per lesson times the instalment\'s lessons, under a fresh reference PLAN-{planId}-{n}-{attempt}; returns the provider\'s authorization URL. The lessons are marked paid (and the plan active) only when the payment is confirmed (webhook or verify), once. 403 not the plan\'s payer; 409 already_paid, earlier_unpaid; 422 no_such_instalment, hold_expired (the first instalment after the 48-hour hold), plan_declined (its tutor declined it).',
    params: InstalmentParams, responses: { 200: InitializePaymentResponse }, errors: [403, 404, 409, 422],
  },
  payPlanInstalmentByMpesa: {
    method: 'POST', path: '/api/plans/{planId}/instalments/{n}/mpesa-prompt', handler: 'plans/handlers/pay-plan-instalment-by-mpesa', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'], rateLimit: PROMPT_RATE_LIMIT,
    summary: 'Pay instalment n of one\'s own plan by M-Pesa prompt without leaving the page: the amount from the plan, pushed to the number given under a fresh reference PLAN-{planId}-{n}-{attempt}, recorded before it is sent; follow it with getMpesaPrompt. With `method: "paybill"` nothing is pushed and the answer holds the Paybill business number and account reference. The lessons are marked paid (and the plan active) only when the charge is confirmed (webhook or the poll), once. 403 not the plan\'s payer; 409 already_paid, earlier_unpaid; 422 no_such_instalment, hold_expired, plan_declined.',
    params: InstalmentParams, body: MpesaPayment, responses: { 200: MpesaPromptResponse }, errors: [403, 404, 409, 422],
  },
  tutorPlans: {
    method: 'GET', path: '/api/tutor/plans', handler: 'plans/handlers/tutor-plans', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The weekly plans families set up with the calling tutor (the newest 20), each with its lessons as they stand now, and the secured weeks: paid plan lessons in this week and the next three (Monday to Sunday on the tutor\'s clock) with what they were paid.',
    responses: { 200: TutorPlanList },
  },
  declinePlan: {
    method: 'POST', path: '/api/plans/{planId}/decline', handler: 'plans/handlers/decline-plan', access: ['tutor'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'The plan\'s tutor declines a plan that awaits its first payment, with an optional reason for the family: the plan becomes declined, its lessons and their hours are released, and the family is told (PlanDeclined). A payment of it that goes through afterwards is refunded whole. Declining a declined plan returns it. 403 not the plan\'s tutor; 409 plan_started (its first payment is made).',
    params: PlanParams, body: DeclinePlanRequest, responses: { 200: PlanResponse }, errors: [404, 409],
  },
  planEnding: {
    method: 'GET', path: '/api/plans/{planId}/ending', handler: 'plans/handlers/plan-ending', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'What ending one\'s own weekly plan now would do, before the family confirms: the paid lessons outside the free-cancellation window (refunded, with the sum in KES), the paid ones inside it (kept: they happen and the tutor is paid), the unpaid ones held for later payments (released). For an ended plan, what its ending did, with endedAt. 403 not the plan\'s payer; 409 plan_declined.',
    params: PlanParams, responses: { 200: PlanEndingResponse }, errors: [403, 404, 409],
  },
  endPlan: {
    method: 'POST', path: '/api/plans/{planId}/end', handler: 'plans/handlers/end-plan', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'events:publish', 'payments:secret'],
    summary: 'The family that pays for a weekly plan ends it, with an optional reason: the plan becomes ended (no instalment of it can be paid; one that goes through later is refunded whole), each paid lesson outside the free-cancellation window is cancelled and its share refunded, each inside it is kept, each unpaid hold is released and its hours freed; the family and the tutor are told once (PlanEnded), not once per lesson. Ending again finishes what is left and refunds nothing twice. 403 not the plan\'s payer (a child\'s plan is its parent\'s); 409 plan_declined.',
    params: PlanParams, body: EndPlanRequest, responses: { 200: PlanResponse }, errors: [403, 404, 409],
  },
  planPause: {
    method: 'GET', path: '/api/plans/{planId}/pause', handler: 'plans/handlers/plan-pause', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'What pausing `weeks` weeks of one\'s own weekly plan from the week of `from` (yyyy-mm-dd, Monday to Sunday on the plan\'s clock) would do now, before the family confirms: in those weeks, the paid lessons outside the free-cancellation window (refunded, with the sum in KES), the paid ones inside it (kept), the unpaid holds (released). 403 not the plan\'s payer; 409 plan_declined, plan_ended; 422 plan_not_paid (nothing paid yet), weeks_outside_plan, nothing_to_pause.',
    params: PlanParams, query: PlanPauseQuery, responses: { 200: PlanPauseResponse }, errors: [403, 404, 409, 422],
  },
  pausePlan: {
    method: 'POST', path: '/api/plans/{planId}/pause', handler: 'plans/handlers/pause-plan', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'events:publish', 'payments:secret'],
    summary: 'The family that pays for a weekly plan pauses some of its weeks, with an optional reason: the pause is recorded on the plan; in those weeks each paid lesson outside the free-cancellation window is cancelled and its share refunded, each inside it kept, each unpaid hold released and its hours freed (an unpaid instalment then charges only the lessons it still holds; one left with none is skipped). The plan\'s end does not move. The family and the tutor are told once (PlanPaused). Pausing the same weeks again finishes what is left and refunds nothing twice, else 422 nothing_to_pause. 403 not the plan\'s payer; 409 plan_declined, plan_ended, plan_changed; 422 plan_not_paid, weeks_outside_plan, nothing_to_pause.',
    params: PlanParams, body: PausePlanRequest, responses: { 200: PlanResponse }, errors: [403, 404, 409, 422],
  },
  planSlot: {
    method: 'GET', path: '/api/plans/{planId}/slot', handler: 'plans/handlers/plan-slot', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'What changing one\'s own weekly plan to `weekday` (0 Sunday … 6 Saturday) at `time` (HH:00, the plan\'s zone) from the week of `from` (yyyy-mm-dd; when absent, the soonest lesson outside the free-cancellation window) would do now, before the family confirms: which lessons move (each within its own week, paid ones keeping their payment), which stay (past, before that week, or too close to start), and every week whose new time the tutor cannot teach (clashes: taken, unavailable, too_soon, no_such_time), each of which the family may drop. Holds and charges nothing. 403 not the plan\'s payer; 409 plan_declined, plan_ended; 422 nothing_to_change.',
    params: PlanParams, query: PlanSlotQuery, responses: { 200: PlanSlotResponse }, errors: [403, 404, 409, 422],
  },
  changePlanSlot: {
    method: 'POST', path: '/api/plans/{planId}/slot', handler: 'plans/handlers/change-plan-slot', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'events:publish', 'payments:secret'],
    summary: 'The family that pays for a weekly plan changes its weekday and time from a week on: every lesson that moves is checked against the tutor\'s weekly hours and bookings first, and any clash refuses the whole change (409 slot_clashes with `details.clashes`) with nothing changed, unless its week is in `drop` (Mondays): a dropped paid lesson is cancelled and its share refunded, a dropped unpaid hold released (its instalment then charges only what it still holds). Each moving lesson then moves with its hours in one transaction; paid ones keep their payment, unpaid holds their hold, and instalments charge what they did. The family and the tutor are told once (PlanSlotChanged). Asking again finishes what is left and refunds nothing twice, else 422 nothing_to_change. 403 not the plan\'s payer; 409 plan_declined, plan_ended, slot_clashes, plan_changed; 422 nothing_to_change, drop_not_moving.',
    params: PlanParams, body: ChangePlanSlotRequest, responses: { 200: PlanResponse }, errors: [403, 404, 409, 422],
  },
} as const satisfies Record<string, RouteDef>;
