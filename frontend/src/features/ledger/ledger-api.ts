/** Ledger calls by route name (types only from the contracts: no zod on the pages using them). */
import { queryOptions } from '@tanstack/react-query';
import type { LedgerExportQuery } from '@functions/ledger/contract';
import { callApi } from '../../shared/api';
import { ledgerKeys } from './keys';

export const myLedgerQuery = () =>
  queryOptions({ queryKey: ledgerKeys.mine, queryFn: ({ signal }) => callApi('getMyLedger', { signal }) });

export const platformLedgerQuery = () =>
  queryOptions({ queryKey: ledgerKeys.platform, queryFn: ({ signal }) => callApi('getPlatformLedger', { signal }) });

export const exportLedger = (query: LedgerExportQuery) => callApi('exportLedger', { query });
