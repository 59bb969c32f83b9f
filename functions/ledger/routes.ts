/**
 * Routes: the tutor's earnings from the ledger, and the super admin's ledger figures and export.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import type { RouteDef } from '../shared/route-def.js';
import { LedgerExport, LedgerExportQuery, PlatformLedger, TutorLedger } from './contract.js';

export const ledgerRoutes = {
  getMyLedger: {
    method: 'GET', path: '/api/earnings', handler: 'ledger/handlers/get-my-ledger', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The caller\'s earnings from the ledger (minor units): pending (inside the dispute window), available, in flight, paid out; the platform fee and window; the last 50 movements with the fee of each lesson.',
    responses: { 200: TutorLedger },
  },
  getPlatformLedger: {
    method: 'GET', path: '/api/admin/ledger', handler: 'ledger/handlers/get-platform-ledger', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'The platform\'s ledger totals (minor units): payments, fee revenue, lessons paid but not taught, money held for tutors, payouts in flight and paid, refunds. One read of maintained balances.',
    responses: { 200: PlatformLedger },
  },
  exportLedger: {
    method: 'GET', path: '/api/admin/ledger/export', handler: 'ledger/handlers/export-ledger', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Ledger postings of whole UTC days from..to (included, at most a year) as CSV in the answer; one Query per month; at most 10,000 entries (truncated says so).',
    query: LedgerExportQuery, responses: { 200: LedgerExport },
  },
} as const satisfies Record<string, RouteDef>;
