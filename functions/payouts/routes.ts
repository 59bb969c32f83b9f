/**
 * Routes of payouts: the tutor's payout details (where the money goes) and the banks
 * the form offers; the tutor's payouts (Withdraw, history) and the super admin's (lists, retry).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import type { RouteDef } from '../shared/route-def.js';
import { AdminPayouts, AdminPayoutsQuery, MyPayouts, PayoutParams, PayoutView } from './contract.js';
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
  getMyPayouts: {
    method: 'GET', path: '/api/payouts', handler: 'payouts/handlers/get-my-payouts', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The caller\'s payouts (newest 20, with status and Paystack\'s reason when failed), the minimum, and why Withdraw is not possible now (no_kyc, no_details, in_flight, below_minimum).',
    responses: { 200: MyPayouts },
  },
  withdraw: {
    method: 'POST', path: '/api/payouts/withdraw', handler: 'payouts/handlers/withdraw', access: ['tutor'],
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Pays out the caller\'s whole available balance through Paystack Transfers (one open payout per tutor). 422 without KYC approval, payout details or the minimum; 409 while a payout is in flight.',
    responses: { 201: PayoutView }, errors: [409, 422],
  },
  listAdminPayouts: {
    method: 'GET', path: '/api/admin/payouts', handler: 'payouts/handlers/list-admin-payouts', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Payouts by status (failed, default, processing or paid), newest first, at most 100, with the tutor\'s name, Paystack\'s reason and who last retried.',
    query: AdminPayoutsQuery, responses: { 200: AdminPayouts },
  },
  retryPayout: {
    method: 'POST', path: '/api/admin/payouts/{reference}/retry', handler: 'payouts/handlers/retry-payout', access: ['super_admin'],
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Asks Paystack about a failed or unsent payout (GET /transfer/verify), then sends it again as a new Paystack transfer with its own reference ({payout reference}-{attempt}); a late webhook of an earlier attempt changes nothing; who and when are kept on the payout. 409 when paid or still processing; 422 when the tutor\'s balance no longer covers it.',
    params: PayoutParams, responses: { 200: PayoutView }, errors: [404, 409, 422, 502],
  },
} as const satisfies Record<string, RouteDef>;
