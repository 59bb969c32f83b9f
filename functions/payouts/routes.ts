/**
 * Routes of payouts (issue 14): the tutor's payout details (where the money goes) and the banks
 * the form offers. Entries are RouteDefs; functions/routes.ts combines every domain's.
 */
import type { RouteDef } from '../routes.js';
import { MyPayoutDetails, PayoutBanks, PayoutDetails, SetPayoutDetailsRequest } from './recipient-contract.js';

export const payoutsRoutes = {
  getMyPayoutDetails: {
    method: 'GET', path: '/api/payouts/details', handler: 'payouts/handlers/get-my-payout-details', access: ['tutor'],
    grants: ['table:read'],
    summary: 'Where the caller\'s payouts go: M-Pesa or a bank, a masked number ("07•• ••• 678"), the account name; null until added.',
    responses: { 200: MyPayoutDetails },
  },
  setMyPayoutDetails: {
    method: 'PUT', path: '/api/payouts/details', handler: 'payouts/handlers/set-my-payout-details', access: ['tutor'],
    grants: ['table:read', 'table:write', 'identity:password-check', 'payments:secret', 'events:publish'],
    summary: 'Adds or replaces the caller\'s payout details after checking their current password (403 when wrong, nothing changed): creates the Paystack transfer recipient, keeps only its code and a mask, and e-mails the tutor.',
    body: SetPayoutDetailsRequest, responses: { 200: PayoutDetails }, errors: [404, 422, 502],
  },
  listPayoutBanks: {
    method: 'GET', path: '/api/payouts/banks', handler: 'payouts/handlers/list-payout-banks', access: ['tutor'],
    grants: ['payments:secret'],
    summary: 'Kenyan banks Paystack transfers reach (code and name, by name), for the payout details form; cached an hour.',
    responses: { 200: PayoutBanks }, errors: [502],
  },
} as const satisfies Record<string, RouteDef>;
