/**
 * Routes: booking lessons, and a tutor's figures from them.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { BookingList, BookingParams, BookingResponse, CancelBookingRequest, CreateBookingRequest, CreateTrialBookingRequest, RescheduleRequest, TutorStats } from './contract.js';
import { BOOKING_RATE_LIMIT, DEFAULT_CANCELLATION_WINDOW_HOURS } from './catalog.js';
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';

export const bookingsRoutes = {
  createBooking: {
    method: 'POST', path: '/api/bookings', handler: 'bookings/handlers/create-booking', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write'],
    summary: 'Book a verified tutor\'s free time (exactly the starts the slots route offers; 422 too_soon inside the tutor\'s notice); the server computes the amount and holds the hours until paid.',
    body: CreateBookingRequest, responses: { 201: BookingResponse }, errors: [404, 409, 422, 429],
    rateLimit: BOOKING_RATE_LIMIT,
  },
  createTrialBooking: {
    method: 'POST', path: '/api/bookings/trial', handler: 'bookings/handlers/create-trial-booking', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write'],
    summary: 'Book a tutor\'s 30-minute trial lesson at the price of their trial offer now (422 no_trial without one), once per learner per tutor (409 trial_used, race-safe); a free trial is confirmed at once, a paid one is held until paid like any booking.',
    body: CreateTrialBookingRequest, responses: { 201: BookingResponse }, errors: [404, 409, 422, 429],
    rateLimit: BOOKING_RATE_LIMIT,
  },
  listBookings: {
    method: 'GET', path: '/api/bookings', handler: 'bookings/handlers/list-bookings', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The caller\'s bookings (as student or as tutor), soonest first.',
    responses: { 200: BookingList },
  },
  getBooking: {
    method: 'GET', path: '/api/bookings/{bookingId}', handler: 'bookings/handlers/get-booking', access: 'signed-in',
    grants: ['table:read'],
    summary: 'One booking, for its student or tutor only.',
    params: BookingParams, responses: { 200: BookingResponse }, errors: [403, 404],
  },
  tutorStats: {
    method: 'GET', path: '/api/tutor/stats', handler: 'bookings/handlers/tutor-stats', access: ['tutor'],
    grants: ['table:read'],
    summary: 'Earnings, sessions, upcoming and completion rate, with earnings per month.',
    responses: { 200: TutorStats },
  },
  cancelBooking: {
    method: 'POST', path: '/api/bookings/{bookingId}/cancel', handler: 'bookings/handlers/cancel-booking', access: 'signed-in',
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: `Its student or tutor cancels a booking (an unpaid hold at once; a paid lesson before its start): a full refund when the student cancels before the policy window (${DEFAULT_CANCELLATION_WINDOW_HOURS} h ahead by default) or the tutor cancels; hours freed in the same transaction. 409 already_cancelled.`,
    params: BookingParams, body: CancelBookingRequest, responses: { 200: BookingResponse }, errors: [403, 404, 409, 422],
  },
  proposeReschedule: {
    method: 'POST', path: '/api/bookings/{bookingId}/reschedule', handler: 'bookings/handlers/propose-reschedule', access: 'signed-in',
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: `The student (outside the policy window, ${DEFAULT_CANCELLATION_WINDOW_HOURS} h by default) or the tutor of a paid, upcoming lesson proposes a new start among the tutor's free hours; replaces the caller's own open proposal (409 proposal_pending while the other party's is open).`,
    params: BookingParams, body: RescheduleRequest, responses: { 200: BookingResponse }, errors: [403, 404, 409, 422],
  },
  acceptReschedule: {
    method: 'POST', path: '/api/bookings/{bookingId}/reschedule/accept', handler: 'bookings/handlers/accept-reschedule', access: 'signed-in',
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'The other party accepts the open proposal: the lesson and its hour locks move in one transaction (409 slot_taken if the time was booked meanwhile); nothing is charged again.',
    params: BookingParams, responses: { 200: BookingResponse }, errors: [403, 404, 409, 422],
  },
  declineReschedule: {
    method: 'POST', path: '/api/bookings/{bookingId}/reschedule/decline', handler: 'bookings/handlers/decline-reschedule', access: 'signed-in',
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'The other party declines the open proposal; the lesson keeps its time.',
    params: BookingParams, responses: { 200: BookingResponse }, errors: [403, 404, 409, 422],
  },
  withdrawReschedule: {
    method: 'POST', path: '/api/bookings/{bookingId}/reschedule/withdraw', handler: 'bookings/handlers/withdraw-reschedule', access: 'signed-in',
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'The proposer withdraws their open proposal; the lesson keeps its time.',
    params: BookingParams, responses: { 200: BookingResponse }, errors: [403, 404, 409],
  },
} as const satisfies Record<string, RouteDef>;
