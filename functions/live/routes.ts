/**
 * Routes: live lessons (a paid booking's online class) and the demo room.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 * Access order: 401 signed out, 404 "Booking not found", 403 "Access Denied", 409 for a
 * booking with no class (cancelled, expired, refunded), 402 "Payment Required", then the opening
 * window (422) and the state rules (409).
 */
import {
  CreateLiveSessionRequest, DemoSessionResponse, JoinLiveSessionResponse, LiveSessionParams, LiveSessionResponse, OPENS_MINUTES_BEFORE,
} from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const liveRoutes = {
  getLiveSession: {
    method: 'GET', path: '/api/live-sessions/{bookingId}', handler: 'live/handlers/get-live-session', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The live session of a paid booking, for its tutor or student: state, what the caller may do, attendance.',
    params: LiveSessionParams, responses: { 200: LiveSessionResponse }, errors: [402, 403, 404, 409],
  },
  createLiveSession: {
    method: 'POST', path: '/api/live-sessions/{bookingId}', handler: 'live/handlers/create-live-session', access: ['tutor'],
    grants: ['table:read', 'table:write', 'live:video'],
    summary: `The booking's tutor creates the room (from ${OPENS_MINUTES_BEFORE} minutes before the start); \`start: true\` makes it live at once (Start Class). Repeating it changes nothing.`,
    params: LiveSessionParams, body: CreateLiveSessionRequest, responses: { 200: LiveSessionResponse }, errors: [402, 403, 404, 409, 422, 502],
  },
  joinLiveSession: {
    method: 'POST', path: '/api/live-sessions/{bookingId}/join', handler: 'live/handlers/join-live-session', access: 'signed-in',
    grants: ['table:read', 'table:write', 'live:video'],
    summary: 'A signed join URL: the tutor as moderator, the student as attendee (decided by the server). Records attendance.',
    params: LiveSessionParams, responses: { 200: JoinLiveSessionResponse }, errors: [402, 403, 404, 409, 422, 502],
  },
  endLiveSession: {
    method: 'POST', path: '/api/live-sessions/{bookingId}/end', handler: 'live/handlers/end-live-session', access: ['tutor'],
    grants: ['table:read', 'table:write', 'events:publish', 'live:video'],
    summary: 'The booking\'s tutor ends an active session for everyone, from the lesson\'s start: the lesson is completed if both joined, otherwise settled as a no-show (ended early before the student joined: the student is refunded). Repeating it changes nothing.',
    params: LiveSessionParams, responses: { 200: LiveSessionResponse }, errors: [402, 403, 404, 409, 422, 502],
  },
  joinDemoSession: {
    method: 'POST', path: '/api/live-demo/join', handler: 'live/handlers/join-demo-session', access: 'signed-in',
    grants: ['table:read', 'live:video'],
    summary: 'A private demo room for the caller, to see how a class works: no booking, no charge.',
    responses: { 200: DemoSessionResponse }, errors: [502],
  },
} as const satisfies Record<string, RouteDef>;
