/** Messages of a certificate's public page /certificates/:code (namespace `certificate-page`). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/page.en.json';

export const useCertificatePageText = defineText('certificate-page', en, { sw: () => import('./i18n/page.sw.json') });
