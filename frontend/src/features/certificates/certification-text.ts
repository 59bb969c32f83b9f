/** Messages of /certification's four tabs (namespace `certification`). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/certification.en.json';

export const useCertificationText = defineText('certification', en, { sw: () => import('./i18n/certification.sw.json') });
export type CertificationMessage = Parameters<ReturnType<typeof useCertificationText>>[0];
