/** Messages of the KYC banner on the tutor dashboard (in the dashboard's chunk; the screens have their own). */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useKycBannerText = defineText('kyc-banner', en, { sw: () => import('./i18n/sw.json') });
