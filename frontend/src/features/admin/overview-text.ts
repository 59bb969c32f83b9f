/** Messages of /super-admin-dashboard (namespace `admin-overview`; shared ones in text.ts). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/overview.en.json';

export const useOverviewText = defineText('admin-overview', en, { sw: () => import('./i18n/overview.sw.json') });
