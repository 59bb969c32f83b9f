/** Messages of the KYC verification screens and the upload form (their lazy chunk; the banner has its own). */
import { defineText, type TextLookup } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useKycText = defineText('kyc', en, { sw: () => import('./i18n/sw.json') });
export type KycMessage = Extract<keyof typeof en, string>;
export type KycText = TextLookup<KycMessage>;
