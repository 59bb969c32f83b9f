/**
 * Routes: lesson packs.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';
import { BOOKING_RATE_LIMIT } from '../bookings/catalog.js';
import { BookingResponse, InitializePaymentResponse } from '../bookings/contract.js';
import { MpesaPayment, MpesaPromptResponse } from '../payments/contract.js';
import { PROMPT_RATE_LIMIT } from '../payments/mpesa-rules.js';
import * as z from 'zod';
import { BookFromPackRequest, BuyPackRequest, OfferParams, Pack, PackList, PackOffer, PackOfferList, PackParams, PackTermsInput, TutorParams } from './contract.js';

export const packsRoutes = {
  myPackOffers: {
    method: 'GET', path: '/api/me/pack-offers', handler: 'packs/handlers/my-pack-offers', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The packs the calling tutor offers, each priced from their current hourly rate.',
    responses: { 200: PackOfferList },
  },
  offerPack: {
    method: 'POST', path: '/api/me/pack-offers', handler: 'packs/handlers/offer-pack', access: ['tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'Offer a lesson pack: 2–20 lessons of 60, 90 or 120 minutes at 0–50% off. The server prices it from the tutor\'s hourly rate (rounded down to a whole shilling). 422 too_many_offers (at most 5).',
    body: PackTermsInput, responses: { 201: z.object({ offer: PackOffer }) }, errors: [404, 422],
  },
  editPack: {
    method: 'PUT', path: '/api/me/pack-offers/{offerId}', handler: 'packs/handlers/edit-pack', access: ['tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'Change one\'s own pack offer; packs already bought keep their terms.',
    params: OfferParams, body: PackTermsInput, responses: { 200: z.object({ offer: PackOffer }) }, errors: [404],
  },
  withdrawPack: {
    method: 'DELETE', path: '/api/me/pack-offers/{offerId}', handler: 'packs/handlers/withdraw-pack', access: ['tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'Stop offering a pack; packs already bought keep their credits.',
    params: OfferParams, responses: { 204: null }, errors: [404],
  },
  tutorPackOffers: {
    method: 'GET', path: '/api/tutors/{tutorId}/packs', handler: 'packs/handlers/tutor-pack-offers', access: 'public',
    grants: ['table:read'],
    summary: 'The packs a tutor offers, priced now, for their profile beside Book.',
    params: TutorParams, responses: { 200: PackOfferList }, errors: [404],
  },
  buyPack: {
    method: 'POST', path: '/api/packs', handler: 'packs/handlers/buy-pack', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write'],
    summary: 'Start buying a tutor\'s pack for the caller or a learner of their household: the pack, priced by the server, awaiting payment. Charges nothing; its credits are usable once paid.',
    body: BuyPackRequest, responses: { 201: z.object({ pack: Pack }) }, errors: [403, 404, 422, 429],
    rateLimit: BOOKING_RATE_LIMIT,
  },
  myPacks: {
    method: 'GET', path: '/api/me/packs', handler: 'packs/handlers/my-packs', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'The packs the caller bought (a parent: for every child), newest first, with the credits left.',
    responses: { 200: PackList },
  },
  getPack: {
    method: 'GET', path: '/api/packs/{packId}', handler: 'packs/handlers/get-pack', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'One of the caller\'s packs (for its checkout page). 403 another household\'s.',
    params: PackParams, responses: { 200: z.object({ pack: Pack }) }, errors: [403, 404],
  },
  payPack: {
    method: 'POST', path: '/api/packs/{packId}/payment', handler: 'packs/handlers/pay-pack', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'],
    summary: 'Pay one\'s own pack by card (Paystack page) under a fresh reference PACK-{packId}-{attempt}; the credits become usable when the payment is confirmed (webhook or verify), once. 403 not the payer; 409 already_paid.',
    params: PackParams, responses: { 200: InitializePaymentResponse }, errors: [403, 404, 409, 422],
  },
  payPackByMpesa: {
    method: 'POST', path: '/api/packs/{packId}/mpesa-prompt', handler: 'packs/handlers/pay-pack-by-mpesa', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'], rateLimit: PROMPT_RATE_LIMIT,
    summary: 'Pay one\'s own pack by M-Pesa prompt without leaving the page (or `method: "paybill"` for the Paybill details), under a fresh reference PACK-{packId}-{attempt} recorded before it is sent; follow it with getMpesaPrompt. The credits become usable when the charge is confirmed, once. 403 not the payer; 409 already_paid.',
    params: PackParams, body: MpesaPayment, responses: { 200: MpesaPromptResponse }, errors: [403, 404, 409, 422],
  },
  bookFromPack: {
    method: 'POST', path: '/api/packs/{packId}/bookings', handler: 'packs/handlers/book-from-pack', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write'],
    summary: 'Book one lesson from a paid pack at a free hour of its tutor\'s: a paid booking written together with taking one credit (never below zero, never twice), for the pack\'s learner. 403 another household\'s pack; 409 no_credits, pack_unpaid, slot_taken; 422 slot_unavailable, too_soon.',
    params: PackParams, body: BookFromPackRequest, responses: { 201: BookingResponse }, errors: [403, 404, 409, 422, 429],
    rateLimit: BOOKING_RATE_LIMIT,
  },
} as const satisfies Record<string, RouteDef>;
