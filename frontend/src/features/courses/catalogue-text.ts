/** Messages of /course-dashboard: the catalogue and the exam packs. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/catalogue.en.json';

export const useCatalogueText = defineText('courses-catalogue', en, { sw: () => import('./i18n/catalogue.sw.json') });
