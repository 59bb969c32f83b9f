/**
 * Messages of certificates, one namespace per route chunk: `certificates` (here) only
 * for the course page's "View certificate" link; page-text.ts for /certificates/:code and
 * certification-text.ts for /certification.
 */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useCertificateText = defineText('certificates', en, { sw: () => import('./i18n/sw.json') });
