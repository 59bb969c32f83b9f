/** Ledger calls by route name (types only from the contracts: no zod on the pages using them). */
import { queryOptions } from '@tanstack/react-query';
import type { LedgerExportQuery } from '@functions/ledger/contract';
import type { PayoutView } from '@functions/payouts/contract';
import { callApi } from '../../shared/api';
import { ledgerKeys, payoutKeys } from './keys';

export const myLedgerQuery = () =>
  queryOptions({ queryKey: ledgerKeys.mine, queryFn: ({ signal }) => callApi('getMyLedger', { signal }) });

export const platformLedgerQuery = () =>
  queryOptions({ queryKey: ledgerKeys.platform, queryFn: ({ signal }) => callApi('getPlatformLedger', { signal }) });

export const exportLedger = (query: LedgerExportQuery) => callApi('exportLedger', { query });

export const myPayoutsQuery = () =>
  queryOptions({ queryKey: payoutKeys.mine, queryFn: ({ signal }) => callApi('getMyPayouts', { signal }) });

export const adminPayoutsQuery = (status: PayoutView['status']) =>
  queryOptions({ queryKey: payoutKeys.admin(status), queryFn: ({ signal }) => callApi('listAdminPayouts', { query: { status }, signal }) });

export const withdraw = () => callApi('withdraw', {});
export const retryPayout = (reference: string) => callApi('retryPayout', { params: { reference } });
