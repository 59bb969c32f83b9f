/**
 * Routes: public tutor search and profiles; a tutor's own weekly availability.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  AddAvailabilityRequest, AddAvailabilityResponse, AvailabilityList, AvailabilitySlotParams, AvailabilitySummary,
  BrowseQuery, BrowseResponse, PublicTutorProfile, TutorParams, TutorSlotsResponse,
} from './contract.js';
import { AVAILABILITY_HOURS, BOOKING_WINDOW_DAYS } from './catalog.js';
import type { RouteDef } from '../shared/route-def.js';

export const tutorsRoutes = {
  listMyAvailability: {
    method: 'GET', path: '/api/me/availability', handler: 'tutors/handlers/list-my-availability', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The signed-in tutor\'s weekly availability slots.',
    responses: { 200: AvailabilityList },
  },
  addMyAvailability: {
    method: 'POST', path: '/api/me/availability', handler: 'tutors/handlers/add-my-availability', access: ['tutor'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: `Add a weekly slot (hourly, ${AVAILABILITY_HOURS[0]}–${AVAILABILITY_HOURS.at(-1)}); overlapping slots on the same day are refused (409).`,
    body: AddAvailabilityRequest, responses: { 201: AddAvailabilityResponse }, errors: [409],
  },
  deleteMyAvailability: {
    method: 'DELETE', path: '/api/me/availability/{slotId}', handler: 'tutors/handlers/delete-my-availability',
    access: ['tutor'], grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Remove one of one\'s own weekly slots.',
    params: AvailabilitySlotParams, responses: { 204: null }, errors: [404],
  },
  myAvailabilitySummary: {
    method: 'GET', path: '/api/me/availability/summary', handler: 'tutors/handlers/my-availability-summary',
    access: ['tutor'], grants: ['table:read'],
    summary: 'Weekly hours, this week\'s slots and open slots, upcoming bookings.',
    responses: { 200: AvailabilitySummary },
  },
  browseTutors: {
    method: 'GET', path: '/api/tutors', handler: 'tutors/handlers/browse-tutors', access: 'public',
    grants: ['table:read'],
    summary: 'Search tutors: q (name, expertise, subjects), subject (exact), level, grade, curriculum, cursor, limit. No Scan.',
    query: BrowseQuery, responses: { 200: BrowseResponse },
  },
  getTutor: {
    method: 'GET', path: '/api/tutors/{tutorId}', handler: 'tutors/handlers/get-tutor', access: 'public',
    grants: ['table:read'],
    summary: 'A tutor\'s public profile; 404 for an unknown tutor or a link whose id no tutor can have.',
    params: TutorParams, responses: { 200: PublicTutorProfile }, errors: [404],
  },
  getTutorSlots: {
    method: 'GET', path: '/api/tutors/{tutorId}/slots', handler: 'tutors/handlers/get-tutor-slots', access: 'public',
    grants: ['table:read'],
    summary: `Bookable one-hour starts (UTC) for the next ${BOOKING_WINDOW_DAYS} days: whole hours of the tutor's own day in their weekly availability, from their minimum notice on.`,
    params: TutorParams, responses: { 200: TutorSlotsResponse }, errors: [404],
  },
} as const satisfies Record<string, RouteDef>;
