/** Messages of the ledger's payout screens (English ships in this chunk; Kiswahili loads when chosen). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useLedgerText = defineText('ledger', en, { sw: () => import('./i18n/sw.json') });
export type LedgerText = ReturnType<typeof useLedgerText>;
