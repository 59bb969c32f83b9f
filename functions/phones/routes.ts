/**
 * Routes of phones: the caller's verified Kenyan mobile number, added and confirmed by a one-time
 * SMS code (rules.ts), and removed. Entries are RouteDefs; functions/routes.ts combines them.
 */
import type { RouteDef } from '../shared/route-def.js';
import { ConfirmPhoneCode, MyPhone, PhoneCodeSent, PhoneConfirmed, RequestPhoneCode } from './contract.js';
import { CODES_PER_ADDRESS } from './rules.js';

export const phonesRoutes = {
  getMyPhone: {
    method: 'GET', path: '/api/phones/me', handler: 'phones/handlers/get-my-phone', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The caller\'s verified phone number (whole, and masked "07•• ••• 678") and the code waiting to be confirmed, if any; nulls when none.',
    responses: { 200: MyPhone },
  },
  requestPhoneCode: {
    method: 'POST', path: '/api/phones/me/code', handler: 'phones/handlers/request-phone-code', access: 'signed-in',
    grants: ['table:read', 'table:write', 'messaging:sms'],
    summary: 'Sends a 6-digit code (valid 10 minutes, 5 tries) by SMS, in the caller\'s saved language, to a Kenyan mobile number; replaces any earlier code. 409 when the number is verified on this or another account; 429 with Retry-After past 3 codes per number an hour, 5 per account a day or 30 per address an hour; 502 when the SMS could not be sent (no code kept).',
    body: RequestPhoneCode, responses: { 201: PhoneCodeSent }, errors: [409, 422, 429, 502],
    rateLimit: CODES_PER_ADDRESS,
  },
  confirmPhoneCode: {
    method: 'POST', path: '/api/phones/me/confirm', handler: 'phones/handlers/confirm-phone-code', access: 'signed-in',
    grants: ['table:read', 'table:write', 'messaging:sms'],
    summary: 'Confirms the code: the number becomes the caller\'s verified number in one transaction (its earlier number, if any, is released and told by SMS). 422 when no code, expired, wrong (tries left in the message) or locked after 5 wrong tries; 409 when another account verified the number meanwhile.',
    body: ConfirmPhoneCode, responses: { 200: PhoneConfirmed }, errors: [409, 422],
  },
  removeMyPhone: {
    method: 'DELETE', path: '/api/phones/me', handler: 'phones/handlers/remove-my-phone', access: 'signed-in',
    grants: ['table:read', 'table:write'],
    summary: 'Removes the caller\'s verified number (and any waiting code); the number is free for another account. 204 also when there was none.',
    responses: { 204: null },
  },
} as const satisfies Record<string, RouteDef>;
